import type { TCnpjRegistryCompany } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { applyRegistryResult, shouldLookupCnpj } from './apply-registry-result';
import { newCompanyValues } from './partner-company-options';

const found = (over: Partial<TCnpjRegistryCompany> = {}): TCnpjRegistryCompany => ({
  found: true,
  cnpj: '33000167000101',
  razaoSocial: 'Petroleo Brasileiro S A Petrobras',
  nomeFantasia: 'Petrobras',
  cnae: '0600001',
  uf: 'RJ',
  municipio: 'Rio de Janeiro',
  codigoIbge: '3304557',
  porte: 'Demais',
  simples: false,
  mei: false,
  situacaoCadastral: 'Ativa',
  inscricaoEstadual: '81281242',
  ...over,
});

describe('shouldLookupCnpj', () => {
  it('needs a complete, valid CNPJ and an empty razão social', () => {
    expect(shouldLookupCnpj({ document: '33.000.167/0001-01', razaoSocial: '' })).toBe(true);
    expect(shouldLookupCnpj({ document: '33.000.167/0001-01', razaoSocial: '  ' })).toBe(true);
    expect(shouldLookupCnpj({ document: '33.000.167/0001-01', razaoSocial: 'JÁ DIGITADA' })).toBe(false);
    expect(shouldLookupCnpj({ document: '33.000.167/0001-02', razaoSocial: '' })).toBe(false);
    expect(shouldLookupCnpj({ document: '3300016700010', razaoSocial: '' })).toBe(false);
    expect(shouldLookupCnpj({ document: '00000000000000', razaoSocial: '' })).toBe(false);
  });
});

describe('applyRegistryResult', () => {
  it('fills names upper-cased, cnae, useCNAE and uf; not Simples changes only the CRT', () => {
    const form = { ...newCompanyValues, regimeTributario: 'LucroReal' as const };
    const next = applyRegistryResult(form, found());
    expect(next).toMatchObject({
      razaoSocial: 'PETROLEO BRASILEIRO S A PETROBRAS',
      nomeFantasia: 'PETROBRAS',
      cnae: '0600001',
      useCNAE: true,
      uf: 'RJ',
      crt: 'RegimeNormal',
      regimeTributario: 'LucroReal',
      codigoFaixaEnquadramento: 'SimplesNacional',
    });
  });

  it('sets the three regimes to Simples Nacional for a Simples company', () => {
    const form = { ...newCompanyValues, crt: 'RegimeNormal' as const, regimeTributario: 'LucroPresumido' as const };
    const next = applyRegistryResult(form, found({ simples: true, cnae: null, nomeFantasia: null }));
    expect(next).toMatchObject({
      crt: 'SimplesNacional',
      regimeTributario: 'SimplesNacional',
      codigoFaixaEnquadramento: 'SimplesNacional',
      useCNAE: false,
      cnae: '',
      nomeFantasia: '',
    });
  });

  it('leaves the form unchanged when nothing was found', () => {
    const form = { ...newCompanyValues, document: '11444777000161' };
    expect(applyRegistryResult(form, { found: false })).toBe(form);
  });
});
