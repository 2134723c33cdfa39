import { normalizeCnpj, type TCnpjRegistryResult } from '@app/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /companies/registry/{cnpj}. Called imperatively on blur (nothing to cache): spec 01 §5 treats
 * a failed lookup as no result, so errors are swallowed here without a toast.
 */
export async function lookupCnpj(cnpj: string): Promise<TCnpjRegistryResult> {
  try {
    return await apiRequest<TCnpjRegistryResult>(`/companies/registry/${normalizeCnpj(cnpj)}`, { silent: true });
  } catch {
    return { found: false };
  }
}
