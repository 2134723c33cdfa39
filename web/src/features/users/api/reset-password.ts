import type { TMessage } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/reset-password {email} → {message}: e-mails the user a set-password link. */
export const resetPassword = (email: string) =>
  apiRequest<TMessage>('/users/reset-password', { method: 'POST', body: { email } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
