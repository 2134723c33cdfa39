import type { TMessage } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/reset-password: the server e-mails a link to /login/{id}. */
export const requestPasswordReset = (email: string) =>
  apiRequest<TMessage>('/users/reset-password', { method: 'POST', body: { email } });
