import type { TMessage, TSetPasswordBody } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /users/setpassword. With a reset id the password is stored; with only an e-mail the server
 * e-mails a set-password link instead (nobody may claim an account by knowing its e-mail).
 */
export const setPassword = (input: TSetPasswordBody) =>
  apiRequest<TMessage>('/users/setpassword', { method: 'POST', body: input });
