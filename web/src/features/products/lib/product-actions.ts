/**
 * Row actions by status and role (spec 02 §6). Bind code belongs to a later issue and is not offered
 * yet; occurrences is offered (the occurrence table reading of spec 02 §2).
 */
export type ProductAction =
  | 'details'
  | 'operations'
  | 'unbind'
  | 'occurrences'
  | 'barcode'
  | 'delete'
  | 'audit'
  | 'ticket';

export const productActionLabels: Record<ProductAction, string> = {
  details: 'Detalhes',
  operations: 'Consultar operações',
  unbind: 'Desvincular código',
  occurrences: 'Ocorrências',
  barcode: 'Código de barras',
  delete: 'Excluir produto',
  audit: 'Detalhes da auditoria',
  ticket: 'Abrir ticket',
};

export interface ActionSubject {
  status: string;
  gtin: string | null;
  fiscalServiceReferenceCode: string | null;
}

export interface ActionContext {
  isMember: boolean;
  /** Members need the Delete user permission; staff are not restricted by it. */
  canDelete: boolean;
}

export function getProductActions(p: ActionSubject, ctx: ActionContext): ProductAction[] {
  const staff = !ctx.isMember;
  const actions: ProductAction[] = [];
  if (p.status === 'Classified') actions.push('details', 'operations');
  if (staff && p.status === 'Classified' && p.fiscalServiceReferenceCode) actions.push('unbind');
  if (p.status === 'Error') actions.push('occurrences');
  // Spec 02 §6: open ticket for Classified products, every role (§2's menu order: after occurrences).
  if (p.status === 'Classified') actions.push('ticket');
  if (p.gtin?.trim()) actions.push('barcode');
  const deletable = p.status === 'Classified' || p.status === 'Pending' || (staff && p.status === 'Returned');
  if (deletable && ctx.canDelete) actions.push('delete');
  if (staff && p.status === 'InAudit') actions.push('audit');
  return actions;
}
