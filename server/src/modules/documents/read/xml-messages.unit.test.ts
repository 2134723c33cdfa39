import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readNfeXml } from './nfe-xml-reader.js';
import { describeXmlError, translateXmlMessage } from './xml-messages.js';

/** Every message literal saxes can pass to fail(): read from its own source, so a new one fails this test. */
function saxesMessages(): string[] {
  const source = readFileSync(createRequire(import.meta.url).resolve('saxes'), 'utf8');
  const found = new Set<string>();
  for (const m of source.matchAll(/fail\(\s*("(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)/g)) {
    const literal = m[1]!;
    // A template's ${…} stands for a name from the file: keep the text before it (the prefix table's key).
    found.add(literal.startsWith('`') ? literal.slice(1, -1).split('${')[0]! : JSON.parse(literal));
  }
  // The ternaries (fail(cond ? "a" : "b")) are not literals right after "fail(": listed here.
  found.add('undefined entity.');
  found.add('disallowed character in entity name.');
  found.add('may not assign a prefix (even "xmlns") to the URI ');
  return [...found];
}

async function problemsOf(xml: string) {
  const out: { line: number | null; message: string }[] = [];
  async function* chunks() {
    yield new TextEncoder().encode(xml);
  }
  for await (const e of readNfeXml(chunks(), 'nota.xml')) if ('problem' in e) out.push(e.problem);
  return out;
}

describe('XML parser messages in Portuguese', () => {
  it('maps every message saxes can raise (none falls to the generic sentence)', () => {
    const messages = saxesMessages();
    expect(messages.length).toBeGreaterThan(45);
    const unmapped = messages.filter(
      (m) =>
        translateXmlMessage(`${m}x`) === 'estrutura XML inválida' &&
        translateXmlMessage(m) === 'estrutura XML inválida',
    );
    expect(unmapped).toEqual([]);
  });

  it.each([
    ['<nfeProc><NFe>&foo;</NFe></nfeProc>', 1, 'entidade não declarada'],
    ['<nfeProc>\n<NFe>\n</infNFe>\n</NFe></nfeProc>', 3, 'marca de fechamento inesperada'],
    ['<nfeProc><NFe>\u0001</NFe></nfeProc>', 1, 'caractere não permitido em XML'],
    ['<nfeProc><NFe><a b="1" b="2"/></NFe></nfeProc>', 1, 'atributo repetido: b'],
  ])('%j: line, column and the Portuguese reason', async (xml, line, text) => {
    const [problem] = await problemsOf(xml);
    expect(problem?.line).toBe(line);
    expect(problem?.message).toMatch(/^XML malformado na linha \d+, coluna \d+: /);
    expect(problem?.message).toContain(text);
    expect(problem?.message).not.toMatch(/[A-Za-z]+ (tag|character|entity|unexpected)/);
  });

  it('an unknown message still reads in Portuguese', () => {
    expect(describeXmlError('3:9: something new.', 1)).toEqual({
      line: 3,
      message: 'XML malformado na linha 3, coluna 9: estrutura XML inválida.',
    });
  });
});
