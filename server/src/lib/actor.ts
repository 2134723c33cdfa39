import type { Role } from '@app/contract';

/** The signed-in user as every service sees it. Built from the session, never from the request body. */
export interface Actor {
  id: string;
  sessionId: string;
  name: string;
  email: string;
  role: Role;
  partnerId: string | null;
  permissions: string[];
}

export const isAdmin = (a: Actor) => a.role === 'Admin';
export const isMember = (a: Actor) => a.role === 'Member';
export const isStaff = (a: Actor) => a.role !== 'Member';
