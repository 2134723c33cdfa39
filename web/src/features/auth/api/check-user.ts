import type { TCheckUserResult } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/check: does the e-mail exist, and does it have a password yet (the caller words failures). */
export const checkUser = (email: string) =>
  apiRequest<TCheckUserResult>('/users/check', { method: 'POST', body: { email }, silent: true });
