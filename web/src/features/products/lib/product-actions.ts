/**
 * Row actions by status and role (spec 02 §6). Occurrences is offered (the occurrence table reading
 * of spec 02 §2). "Audit details" also opens for a Returned product, so the member can read why it was
 * returned (issue 9).
 */
export type ProductAction =
  | 'details'
  | 'operations'
  | 'unbind'
  | 'occurrences'
  | 'bind'
  | 'barcode'
  | 'delete'
  | 'decide'
  | 'audit'
  | 'ticket';

export const productActionLabels: Record<ProductAction, string> = {
  details: 'Detalhes',
  operations: 'Consultar operações',
  unbind: 'Desvincular código',
  occurrences: 'Ocorrências',
  bind: 'Vincular código',
  barcode: 'Código de barras',
  delete: 'Excluir produto',
  decide: 'Auditar',
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
  /** Members need the Create user permission to bind (the server checks it too); default true. */
  canBind?: boolean;
}

export function getProductActions(p: ActionSubject, ctx: ActionContext): ProductAction[] {
  const staff = !ctx.isMember;
  const actions: ProductAction[] = [];
  if (p.status === 'Classified') actions.push('details', 'operations');
  if (staff && p.status === 'Classified' && p.fiscalServiceReferenceCode) actions.push('unbind');
  if (p.status === 'Error') actions.push('occurrences');
  // Spec 02 §6: open ticket for Classified products, every role (§2's menu order: after occurrences); issue 38
  // adds Pending ones — a product the base lacks is what a client most needs to ask about.
  if (p.status === 'Classified' || p.status === 'Pending') actions.push('ticket');
  const bindable = p.status === 'Pending' || (staff && p.status === 'InAudit');
  if (bindable && ctx.canBind !== false) actions.push('bind');
  if (p.gtin?.trim()) actions.push('barcode');
  const deletable = p.status === 'Classified' || p.status === 'Pending' || (staff && p.status === 'Returned');
  if (deletable && ctx.canDelete) actions.push('delete');
  if (staff && p.status === 'InAudit') actions.push('decide', 'audit');
  if (p.status === 'Returned') actions.push('audit');
  return actions;
}
