import { SaxesParser } from 'saxes';
import { AppError } from './app-error.js';
import { refuseFile } from './safe-zip.js';

export interface XmlHandlers {
  open: (name: string, attributes: Record<string, string>) => void;
  close: (name: string) => void;
  text: (text: string) => void;
}

/**
 * A streaming XML reader for untrusted parts: saxes keeps a tag's name/attributes and a text run in
 * memory until they end, so runs longer than `maxRun` characters (no '<' or '>' for that long) and
 * nesting deeper than `maxDepth` are refused before the parser buffers them.
 */
export function createXmlReader(handlers: XmlHandlers, limits: { maxDepth: number; maxRun: number }) {
  const parser = new SaxesParser({ xmlns: false });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let depth = 0;
  let sinceLt = 0;
  let sinceGt = 0;
  parser.on('opentag', (tag) => {
    if (++depth > limits.maxDepth) {
      throw refuseFile(`A planilha tem elementos aninhados demais (mais de ${limits.maxDepth} níveis).`);
    }
    handlers.open(localName(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    depth--;
    handlers.close(localName(tag.name));
  });
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);

  const guardRuns = (text: string) => {
    const lt = text.lastIndexOf('<');
    const gt = text.lastIndexOf('>');
    sinceLt = lt < 0 ? sinceLt + text.length : text.length - lt - 1;
    sinceGt = gt < 0 ? sinceGt + text.length : text.length - gt - 1;
    if (sinceLt > limits.maxRun || sinceGt > limits.maxRun) {
      throw refuseFile(
        `A planilha tem um texto ou elemento com mais de ${limits.maxRun.toLocaleString('pt-BR')} caracteres.`,
      );
    }
  };
  const run = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Malformed XML, invalid UTF-8, forbidden characters (&#0;): the file is not a sound spreadsheet.
      throw new AppError('IMPORT_XLSX_INVALID');
    }
  };
  return {
    write(chunk: Uint8Array) {
      run(() => {
        const text = decoder.decode(chunk, { stream: true });
        guardRuns(text);
        parser.write(text);
      });
    },
    end() {
      run(() => {
        parser.write(decoder.decode());
        parser.close();
      });
    },
  };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
