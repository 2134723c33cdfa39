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
  /** Set when the call came with an API key (decision 032): the key acts as its creator, narrowed to its scope. */
  apiKey?: { id: string; name: string; companyId: string | null };
}

export const isAdmin = (a: Actor) => a.role === 'Admin';
export const isMember = (a: Actor) => a.role === 'Member';
export const isStaff = (a: Actor) => a.role !== 'Member';
