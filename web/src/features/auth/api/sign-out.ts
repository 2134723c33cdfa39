import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session';

/**
 * POST /users/signout revokes the server session; the local session and selected company are
 * cleared even if the call fails, so the user is never stuck signed in on this browser.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/users/signout', { method: 'POST', silent: true });
  } finally {
    clearSession();
    queryClient.clear();
  }
}
