/**
 * The NFC-e's consultation addresses per UF and environment as reference-data/nfce-urls-uf.tsv keeps them (sources in
 * the file's first lines and reference-data/README.md): for ZX02-20 the QR-Code's URL, for ZX03-20 the urlChave.
 * Every address a source listed in some version of its file is kept, so a document that used an address a UF
 * published (or that one public copy listed while another did not) is not rejected. Pure: the caller reads the file.
 */

export type NfceUrlKind = 'qrCode' | 'urlChave';

/** A UF's addresses for one environment and kind: the one the sources list today, and every accepted one (keys). */
export interface NfceUrls {
  atual: string;
  aceitos: ReadonlySet<string>;
}

/**
 * An address as the rules compare it. MOC 7.0 ZX02-20: "o uso diferenciado de maiúsculas ou minúsculas não deve ser
 * considerado na validação". Beyond the note, and so that only a clearly different address is rejected: the scheme
 * (http, https, the "http:/" typo of one copy), a leading "www.", a query ('?' on) and trailing '/' do not count.
 */
export function nfceUrlKey(url: string): string {
  let s = url.trim().toLowerCase();
  const q = s.indexOf('?');
  if (q >= 0) s = s.slice(0, q);
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/*/, '');
  if (s.startsWith('www.')) s = s.slice(4);
  let end = s.length;
  while (end > 0 && s[end - 1] === '/') end--;
  return end === s.length ? s : s.slice(0, end);
}

const HEADER = 'uf\ttpAmb\ttipo\turl\tfonte\tprimeira\tultima\tvigente';
const ROW = /^[A-Z]{2}\t[12]\t(qrCode|urlChave)\t\S+\t[\w-]+\t\d{4}-\d{2}-\d{2}\t\d{4}-\d{2}-\d{2}\t[SN]$/;

/** Key of the table's map: `${uf}|${tpAmb}|${tipo}`. */
export const nfceUrlsKey = (uf: string, tpAmb: string, tipo: NfceUrlKind) => `${uf}|${tpAmb}|${tipo}`;

/**
 * The table by UF, tpAmb and kind. `atual` is the first row marked current (`vigente` S) in file order (nfephp's copy
 * first). A malformed line stops the loading (a lost row would reject the documents that use its address).
 */
export function parseNfceUrls(text: string): Map<string, NfceUrls> {
  const lines = text.split(/\r?\n/).filter((l) => l !== '' && !l.startsWith('#'));
  if (lines[0] !== HEADER) throw new Error('nfce-urls-uf.tsv: cabeçalho inesperado');
  const out = new Map<string, { atual: string; aceitos: Set<string> }>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!ROW.test(line)) throw new Error(`nfce-urls-uf.tsv: linha malformada: ${line}`);
    const [uf, tpAmb, tipo, url, , , , vigente] = line.split('\t') as [
      string,
      string,
      NfceUrlKind,
      string,
      ...string[],
    ];
    const key = nfceUrlsKey(uf, tpAmb, tipo);
    let entry = out.get(key);
    if (!entry) {
      entry = { atual: '', aceitos: new Set() };
      out.set(key, entry);
    }
    if (vigente === 'S' && entry.atual === '') entry.atual = url;
    entry.aceitos.add(nfceUrlKey(url));
  }
  for (const [key, e] of out) if (e.atual === '') throw new Error(`nfce-urls-uf.tsv: ${key} sem endereço vigente`);
  return out;
}
