/**
 * The cards of Panel Produtos (spec 01 §2), in order, with the filter each one opens; "Com erro" (issue 24) shows
 * the products in status Error, so the cards add up to the total.
 */
export type CardKind = 'classified' | 'pending' | 'returned' | 'inAudit' | 'errors';

export interface CardFilter {
  pending: boolean;
  finished: boolean;
  finishedByFiscalServiceLink: boolean;
  returned: boolean;
  audit: boolean;
  error: boolean;
}

export const cardKinds: { key: CardKind; title: string; text: string; color: string }[] = [
  {
    key: 'classified',
    title: 'Classificados',
    text: 'Produtos que já se encontram devidamente classificados.',
    color: '#2f9e44',
  },
  { key: 'pending', title: 'Pendentes', text: 'Produtos que ainda não foram classificados.', color: '#f5b70a' },
  {
    key: 'returned',
    title: 'Devolvidos',
    text: 'Produtos devolvidos pela auditoria para corrigir a classificação.',
    color: '#e03131',
  },
  { key: 'inAudit', title: 'Em Auditoria', text: 'Produtos que precisam de revisão.', color: '#8b5a2b' },
  { key: 'errors', title: 'Com erro', text: 'Produtos com erro no cadastro, a corrigir.', color: '#495057' },
];

/** Exactly one flag true, the others false (the products home lists only that situation). */
export function cardFilter(kind: CardKind): CardFilter {
  return {
    pending: kind === 'pending',
    finished: kind === 'classified',
    finishedByFiscalServiceLink: false,
    returned: kind === 'returned',
    audit: kind === 'inAudit',
    error: kind === 'errors',
  };
}

/** Bar width of a share: percentage of the total, drawn at 1% at least when nonzero (spec 01 §9). */
export function minimumShare(count: number, total: number): number {
  if (count <= 0 || total <= 0) return 0;
  return Math.max(1, (count * 100) / total);
}
