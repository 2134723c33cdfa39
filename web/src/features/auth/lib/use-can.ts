import type { UserPermission } from '@app/contract/roles';
import { useCallback, useMemo } from 'react';
import { isOffered, type Need } from '../../../lib/permissions';
import { getSession } from '../../../lib/session';
import { useCurrentUser } from '../api/get-current-user';

/**
 * The signed-in user's permissions for hiding actions (issue 13). The role comes from the session; a
 * Member's user permissions from /users/me (staff do not need them, so no request is made for them).
 * Until /users/me answers, a Member is offered nothing that needs a user permission.
 */
export function useCan() {
  const role = getSession()?.role;
  const isMember = role === 'Member';
  const me = useCurrentUser(isMember);
  const memberPermissions = me.data?.permissions;
  const can = useCallback((need: Need) => isOffered(role, memberPermissions, need), [role, memberPermissions]);
  return useMemo(
    () => ({
      role,
      isMember,
      can,
      /** Shorthand for a Member's user permission; always true for staff. */
      allows: (member: UserPermission) => can({ member }),
    }),
    [role, isMember, can],
  );
}
