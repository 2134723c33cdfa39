import { CNPJ_LENGTH, isValidCnpj, normalizeCnpj, type TCnpjRegistryResult } from '@app/contract';
import type { CompanyFormValues } from './partner-company-options';

/**
 * spec 01 §5: look the CNPJ up only while razão social is still empty (typed data is never
 * overwritten) and only for a complete CNPJ whose check digits pass.
 */
export function shouldLookupCnpj(form: Pick<CompanyFormValues, 'document' | 'razaoSocial'>): boolean {
  const cnpj = normalizeCnpj(form.document);
  return !form.razaoSocial.trim() && cnpj.length === CNPJ_LENGTH && isValidCnpj(cnpj);
}

/**
 * Fills the form from a registry answer: cnae, useCNAE, uf, names (upper-cased); a Simples
 * company gets Simples Nacional in CRT, regime and enquadramento, any other only CRT Regime Normal.
 * No result leaves the form as it was.
 */
export function applyRegistryResult(form: CompanyFormValues, result: TCnpjRegistryResult): CompanyFormValues {
  if (!result.found) return form;
  return {
    ...form,
    cnae: result.cnae ?? '',
    useCNAE: !!result.cnae,
    uf: result.uf ?? form.uf,
    razaoSocial: result.razaoSocial.toUpperCase(),
    nomeFantasia: (result.nomeFantasia ?? '').toUpperCase(),
    ...(result.simples
      ? ({
          crt: 'SimplesNacional',
          regimeTributario: 'SimplesNacional',
          codigoFaixaEnquadramento: 'SimplesNacional',
        } as const)
      : ({ crt: 'RegimeNormal' } as const)),
  };
}
