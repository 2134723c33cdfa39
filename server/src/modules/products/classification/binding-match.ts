import type { TBindMatch } from '@app/contract';

/** Lower case without accents, words of letters and digits only (as pg_trgm and f_unaccent see them). */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** pg_trgm's trigrams: each word padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of words(text)) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** Trigram similarity (shared / all trigrams), 0–1, the measure pg_trgm's similarity() gives. */
export function descriptionSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/**
 * Why a global product is offered for a product, and its rank (decision 062): an equal GTIN classifies at once
 * and always comes first; then the description's similarity, with the NCM chapter's agreement (or disagreement)
 * weighing like 25 points of it — a toothpaste (chapter 33) must not outrank a coffee (09/21) for "CAFÉ SOLÚVEL".
 */
export function matchCandidate(
  product: { description: string; gtin: string | null; ncm: string | null },
  candidate: { description: string; gtin: string | null; ncm: string },
): TBindMatch {
  const gtinEqual = !!product.gtin && product.gtin === candidate.gtin;
  const similarity = Math.round(descriptionSimilarity(product.description, candidate.description) * 100);
  const ncmChapter =
    product.ncm && product.ncm.length >= 2 ? product.ncm.slice(0, 2) === candidate.ncm.slice(0, 2) : null;
  const reasons: string[] = [];
  if (gtinEqual) reasons.push('GTIN igual');
  reasons.push(`Descrição ${similarity} % parecida`);
  if (ncmChapter === true) reasons.push(`Mesmo capítulo NCM (${candidate.ncm.slice(0, 2)})`);
  if (ncmChapter === false)
    reasons.push(`Outro capítulo NCM (${candidate.ncm.slice(0, 2)} × ${product.ncm!.slice(0, 2)})`);
  const score = (gtinEqual ? 1000 : 0) + similarity + (ncmChapter === true ? 25 : ncmChapter === false ? -25 : 0);
  return { gtinEqual, similarity, ncmChapter, score, reasons };
}
