import type { TPasswordResetOwner } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /users/setpassword/{id}: the name the set-password page greets; silent (a dead link just says "Olá"). */
export const getPasswordResetOwner = (passwordResetId: string) =>
  apiRequest<TPasswordResetOwner>(`/users/setpassword/${encodeURIComponent(passwordResetId)}`, { silent: true });
