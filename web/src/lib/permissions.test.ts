import { describe, expect, it } from 'vitest';
import { filterOffered, memberCompanyItems, partnerItems } from '../features/shell/lib/menu-items';
import { isOffered } from './permissions';

describe('isOffered', () => {
  it('follows the contract map: only Admin and PartnerOwner may delete a company', () => {
    const need = { permission: 'delete:company' } as const;
    expect(isOffered('Admin', undefined, need)).toBe(true);
    expect(isOffered('PartnerOwner', undefined, need)).toBe(true);
    expect(isOffered('PartnerContributor', undefined, need)).toBe(false);
    expect(isOffered('Member', undefined, need)).toBe(false);
    expect(isOffered(null, undefined, need)).toBe(false);
  });

  it('restricts Members by their user permissions and staff not at all', () => {
    const need = { permission: 'write:product', member: 'Import' } as const;
    expect(isOffered('Member', ['Create', 'Export'], need)).toBe(false);
    expect(isOffered('Member', ['Import'], need)).toBe(true);
    // Not loaded yet: nothing that needs a user permission is offered.
    expect(isOffered('Member', undefined, need)).toBe(false);
    expect(isOffered('PartnerContributor', [], need)).toBe(true);
  });
});

describe('menus', () => {
  const can = (role: Parameters<typeof isOffered>[0], perms?: Parameters<typeof isOffered>[1]) => (need: object) =>
    isOffered(role, perms, need);
  it('hide Importar and Exportar from a Member without those permissions', () => {
    const labels = filterOffered(memberCompanyItems, can('Member', ['Create', 'Read'])).map((i) => i.label);
    expect(labels).not.toContain('Importar');
    expect(labels).not.toContain('Exportar');
    expect(labels).toContain('Meus Produtos');
    const all = filterOffered(memberCompanyItems, can('Member', ['Import', 'Export'])).map((i) => i.label);
    expect(all).toEqual(expect.arrayContaining(['Importar', 'Exportar']));
  });
  it('offer a partner role every item its permissions cover', () => {
    const labels = filterOffered(partnerItems, can('PartnerContributor')).map((i) => i.label);
    expect(labels).toEqual([
      'Dashboard',
      'Produtos',
      'Usuários',
      'Empresas',
      'Tickets',
      'Regras Fiscais',
      'Logs',
      'Simulação da reforma',
      'Integrações',
    ]);
    const member = filterOffered(partnerItems, can('Member')).map((i) => i.label);
    expect(member).not.toEqual(expect.arrayContaining(['Dashboard']));
    expect(member.filter((l) => ['Usuários', 'Tickets', 'Logs'].includes(l))).toEqual([]);
  });
});
