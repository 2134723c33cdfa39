import type { DocumentItem, FiscalDocument } from '../read/document-model.js';

/**
 * Values a document may not carry, told before anything of it is written: the NF-e layout (MOC 4.00, annex I) types
 * every amount as an unsigned decimal — TDec_1302 (13 integer digits) for values, TDec_1104v/TDec_1110v (11) for
 * quantities and unit prices, TDec_0302a04 (3) for rates — and every date as TData, whose pattern only admits real
 * days of the years 2000–2099. So "1e308", a 400-digit number, "NaN", "Infinity", "-5" or 2026-02-30 cannot come
 * from an authorised document: such a document is refused with its field named (the rest of the import goes on),
 * instead of reaching the engine or the database.
 */

const NUMBER = /^(\d+)(?:\.(\d+))?$/;

/** Integer digits the layout allows by the tag's first letter and name (decimals: at most 10, TDec_1110v). */
function integerDigits(tag: string): number {
  if (tag.startsWith('p')) return 3;
  if (tag.startsWith('q') || tag === 'vUnCom' || tag === 'vUnTrib') return 11;
  return 13;
}

/** Amount, rate and quantity tags: v, p or q followed by a capital (vProd, pICMS, qBCProd); codes are not. */
const isNumericTag = (tag: string) => /^[vpq][A-Z]/.test(tag);

/** The EFD's names for the fields its reader maps to the NF-e's tags (Guia Prático, C100 and C170). */
const efdNames: Record<string, string> = {
  vProd: 'VL_ITEM',
  vDesc: 'VL_DESC',
  'ICMS.vBC': 'VL_BC_ICMS',
  'ICMS.pICMS': 'ALIQ_ICMS',
  'ICMS.vICMS': 'VL_ICMS',
  'ICMS.vBCST': 'VL_BC_ICMS_ST',
  'ICMS.pICMSST': 'ALIQ_ST',
  'ICMS.vICMSST': 'VL_ICMS_ST',
  'IPI.pIPI': 'ALIQ_IPI',
  'IPI.vIPI': 'VL_IPI',
  'PIS.pPIS': 'ALIQ_PIS',
  'PIS.vPIS': 'VL_PIS',
  'COFINS.pCOFINS': 'ALIQ_COFINS',
  'COFINS.vCOFINS': 'VL_COFINS',
  total: 'VL_DOC',
  issuedOn: 'DT_DOC',
};

const shown = (value: string) => (value.length > 24 ? `${value.slice(0, 24)}…` : value);

/** Why a number is not one the layout admits, or null. */
export function numberProblem(value: string, tag: string): string | null {
  const plain = value.startsWith('-') ? value.slice(1) : value;
  const m = NUMBER.exec(plain);
  if (!m) return `"${shown(value)}" não é um número decimal do leiaute (dígitos e ponto, sem expoente)`;
  if (value.startsWith('-')) return `${shown(value)} é negativo; o leiaute não admite valores negativos neste campo`;
  const digits = integerDigits(tag);
  if (m[1]!.replace(/^0+(?=\d)/, '').length > digits)
    return `${shown(value)} passa de ${digits} dígitos inteiros, o máximo do leiaute`;
  if ((m[2]?.length ?? 0) > 10) return `${shown(value)} tem mais de 10 casas decimais`;
  return null;
}

/** A real day of 2000–2099 (the layout's TData), as AAAA-MM-DD. */
export function isLayoutDate(iso: string): boolean {
  const m = /^(20\d{2})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

function fieldName(doc: FiscalDocument, key: string, tag: string): string {
  if (doc.source === 'efd') return efdNames[key] ?? tag;
  return tag;
}

function itemProblem(doc: FiscalDocument, item: DocumentItem): string | null {
  if (doc.source === 'xml' && !(Number.isInteger(item.nItem) && item.nItem >= 1 && item.nItem <= 990))
    return `o atributo nItem de um item não é um número de 1 a 990`;
  for (const [tag, value] of Object.entries(item.prod)) {
    if (!isNumericTag(tag)) continue;
    const problem = numberProblem(value, tag);
    if (problem) return `item ${item.nItem}, campo ${fieldName(doc, tag, tag)}: ${problem}`;
  }
  for (const [key, value] of Object.entries(item.taxes)) {
    const tag = key.slice(key.indexOf('.') + 1);
    if (!isNumericTag(tag)) continue;
    const problem = numberProblem(value, tag);
    if (problem) return `item ${item.nItem}, campo ${fieldName(doc, key, key.replace('.', '/'))}: ${problem}`;
  }
  return null;
}

/**
 * The first value of the document the layout does not admit, as "campo X: reason", or null when every value is
 * one an authorised document may carry.
 */
export function findUnfitValue(doc: FiscalDocument): string | null {
  if (doc.issuedOn !== null && !isLayoutDate(doc.issuedOn))
    return `campo ${doc.source === 'efd' ? 'DT_DOC' : 'dhEmi'}: ${shown(doc.issuedOn)} não é uma data válida`;
  if (doc.total !== null) {
    const problem = numberProblem(doc.total, 'vNF');
    if (problem) return `campo ${doc.source === 'efd' ? efdNames.total : 'vNF'}: ${problem}`;
  }
  for (const item of doc.items) {
    const problem = itemProblem(doc, item);
    if (problem) return problem;
  }
  return null;
}
