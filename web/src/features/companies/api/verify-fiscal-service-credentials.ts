import type { TVerifyFiscalServiceResult } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /companies/{id}/verify-fiscal-service-credentials → {verified} (the integrator account check). */
export const verifyFiscalServiceCredentials = (companyId: string) =>
  apiRequest<TVerifyFiscalServiceResult>(
    `/companies/${encodeURIComponent(companyId)}/verify-fiscal-service-credentials`,
    {
      method: 'POST',
    },
  );

export const useVerifyFiscalServiceCredentials = () => useMutation({ mutationFn: verifyFiscalServiceCredentials });
