import { assignableRoles, type Role, roleLabels } from '@app/contract';

/**
 * Function choices of the user dialog (spec 01 §6): the roles the creator may assign. When editing
 * a user whose current role the creator may not assign, that role is still listed (so the select
 * shows it) but disabled; the server refuses any change to it anyway.
 */
export function buildRoleOptions(creatorRole: Role | undefined, currentRole?: Role) {
  const assignable = creatorRole ? assignableRoles[creatorRole] : [];
  const roles = [...new Set<Role>([...assignable, ...(currentRole ? [currentRole] : [])])];
  return roles.map((role) => ({ value: role, label: roleLabels[role], disabled: !assignable.includes(role) }));
}

/** Default function of a new user: Member when the creator may assign it. */
export function defaultNewUserRole(creatorRole: Role | undefined): Role | null {
  const assignable = creatorRole ? assignableRoles[creatorRole] : [];
  return assignable.includes('Member') ? 'Member' : (assignable[0] ?? null);
}
