import { canAssignRole, type Role } from '@app/contract';

/**
 * Whether "Alterar" is offered on a user (issue 13): the server lets one change oneself, or a user whose
 * role one may assign (spec 01 §6: a PartnerContributor may not alter a PartnerOwner), so the screen
 * offers exactly that instead of a form that fails on save.
 */
export function canEditUser(me: { id: string; role: Role } | undefined, user: { id: string; role: Role }): boolean {
  if (!me) return false;
  return me.id === user.id || canAssignRole(me.role, user.role);
}
