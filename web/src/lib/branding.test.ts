import { describe, expect, it } from 'vitest';
import { PRODUCTION_DOMAIN, resolveBrandingDomain } from './branding';

describe('resolveBrandingDomain', () => {
  it('uses the production domain on local development hosts', () => {
    expect(resolveBrandingDomain('localhost')).toBe(PRODUCTION_DOMAIN);
    expect(resolveBrandingDomain('127.0.0.1')).toBe(PRODUCTION_DOMAIN);
  });
  it('uses the host itself anywhere else', () => {
    expect(resolveBrandingDomain('fiscal.parceiro.com.br')).toBe('fiscal.parceiro.com.br');
  });
});
