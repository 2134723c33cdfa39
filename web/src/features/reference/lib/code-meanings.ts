import type { TCbenefItem, TCclasstribItem, TCfopItem, TCstItem, TCstType, TIpiEnquadramentoItem } from '@app/contract';

/**
 * Option codes shown with their official meaning ("60 - ICMS cobrado anteriormente por substituição
 * tributária", issue 13). Labels come only from the loaded reference tables (CST, CFOP, IPI cEnq,
 * cClassTrib, the UF's cBenef): a code without an official label is shown bare, never with an invented one.
 */
export interface CodeMeaningSources {
  csts?: readonly TCstItem[];
  cfops?: readonly TCfopItem[];
  enquadramentos?: readonly TIpiEnquadramentoItem[];
  cclasstribs?: readonly TCclasstribItem[];
  /** One UF's cBenef table (codes carry their UF prefix). */
  cbenefs?: readonly TCbenefItem[];
}

export type CodeKind = TCstType | 'CFOP' | 'ENQ' | 'CCLASSTRIB' | 'CBENEF';

export type CodeMeaningIndex = Map<string, string>;

const keyOf = (kind: CodeKind, code: string) => `${kind}|${code}`;

export function buildCodeMeaningIndex(src: CodeMeaningSources): CodeMeaningIndex {
  const index: CodeMeaningIndex = new Map();
  for (const c of src.csts ?? []) index.set(keyOf(c.type, c.code), c.name);
  for (const c of src.cfops ?? []) index.set(keyOf('CFOP', c.code), c.name);
  for (const e of src.enquadramentos ?? []) index.set(keyOf('ENQ', e.code), e.description);
  for (const c of src.cclasstribs ?? []) index.set(keyOf('CCLASSTRIB', c.code), c.name);
  for (const c of src.cbenefs ?? []) index.set(keyOf('CBENEF', c.code), c.description);
  return index;
}

/**
 * The official name of a code, or null. A CST ICMS typed with its origin digit ("060") is read by its
 * last two digits; a PIS/COFINS/IPI CST typed with three digits ("001") by its value ("01").
 */
export function findCodeMeaning(index: CodeMeaningIndex, kind: CodeKind, code: string | null | undefined) {
  const raw = (code ?? '').trim();
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  const candidates = [raw, raw.toUpperCase(), digits];
  if (['ICMS', 'PIS', 'COFINS', 'IPI'].includes(kind) && digits.length === 3) candidates.push(digits.slice(1));
  for (const c of candidates) {
    const name = index.get(keyOf(kind, c));
    if (name) return name;
  }
  return null;
}

/** "code - name" when the code has an official meaning, the code alone otherwise, '' when empty. */
export function describeCode(
  index: CodeMeaningIndex,
  kind: CodeKind,
  code: string | null | undefined,
  shown: string = code ?? '',
): string {
  const name = findCodeMeaning(index, kind, code);
  return name ? `${shown} - ${name}` : shown;
}
