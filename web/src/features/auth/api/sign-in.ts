import type { TSignInBody, TSignInResult } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/signin; silent because the login page words its own failure ('Senha incorreta!'). */
export const signIn = (input: TSignInBody) =>
  apiRequest<TSignInResult>('/users/signin', { method: 'POST', body: input, silent: true });
