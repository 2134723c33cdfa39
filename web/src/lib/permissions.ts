import { canDo } from '@app/contract/permissions';
import type { Role, UserPermission } from '@app/contract/roles';

/**
 * What the screens offer, read from the one permission map of the contract (issue 13: "offer only what
 * the role may do"). Only to hide: the server checks the same map on every route and stays the authority.
 *  - `action:entity`: the role must hold that permission at some scope (`write:company`, `delete:company`).
 *  - `member`: a Member also needs that user permission (Create, Delete, Import, Export); staff roles
 *    are not restricted by them (the server's `assertMemberPermission`).
 */
export interface Need {
  permission?: `${string}:${string}`;
  member?: UserPermission;
}

export function isOffered(
  role: Role | null | undefined,
  memberPermissions: readonly UserPermission[] | undefined,
  need: Need,
): boolean {
  if (!role) return false;
  if (need.permission) {
    const [action = '', entity = ''] = need.permission.split(':');
    if (!canDo(role, action, entity)) return false;
  }
  if (need.member && role === 'Member') return !!memberPermissions?.includes(need.member);
  return true;
}
