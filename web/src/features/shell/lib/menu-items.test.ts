import { permissionsByRole } from '@app/contract/permissions';
import type { Role, UserPermission } from '@app/contract/roles';
import { describe, expect, it } from 'vitest';
import { isOffered } from '../../../lib/permissions';
import { filterOffered, isItemActive, type MenuItem, memberCompanyItems, partnerItems } from './menu-items';

describe('isItemActive', () => {
  const products = partnerItems.find((i) => i.label === 'Produtos')!;
  it('marks the products item on every sub-option', () => {
    expect(isItemActive(products, '/partner/products/global')).toBe(true);
    expect(isItemActive(products, '/partner/products/global/pending')).toBe(true);
    expect(isItemActive(products, '/partner/users')).toBe(false);
  });
  it('does not confuse prefixes of other paths', () => {
    const home = memberCompanyItems[0]!;
    expect(isItemActive(home, '/member/home')).toBe(true);
    expect(isItemActive(home, '/member/homework')).toBe(false);
  });
});

/** The labels (and sub-option labels) the menu offers a role, read through the contract's permission map. */
function offered(items: MenuItem[], role: Role, memberPermissions?: UserPermission[]): string[] {
  return filterOffered(items, (need) => isOffered(role, memberPermissions, need)).flatMap((item) => [
    item.label,
    ...(item.children ?? []).map((c) => `${item.label} › ${c.label}`),
  ]);
}

describe('what each role is offered (issue 38: the menu offers only what the permission map gives)', () => {
  it('a PartnerContributor: the partner menu without the Admin-only reform rates', () => {
    expect(offered(partnerItems, 'PartnerContributor')).toEqual([
      'Dashboard',
      'Produtos',
      'Produtos › Globais',
      'Produtos › Finalizados',
      'Produtos › Pendentes',
      'Usuários',
      'Empresas',
      'Tickets',
      'Regras Fiscais',
      'Logs',
      'Simulação da reforma',
      'Integrações',
    ]);
  });

  it('only the Admin is offered "Alíquotas da Reforma" (write:reform-rate is the Admin\'s alone)', () => {
    expect(offered(partnerItems, 'Admin')).toContain('Alíquotas da Reforma');
    expect(offered(partnerItems, 'PartnerOwner')).not.toContain('Alíquotas da Reforma');
    expect(permissionsByRole.PartnerContributor.some((p) => p.startsWith('write:reform-rate'))).toBe(false);
  });

  it('every staff item needs a permission the role holds, or none', () => {
    for (const role of ['Admin', 'PartnerOwner', 'PartnerContributor'] as const) {
      const held = permissionsByRole[role] as readonly string[];
      for (const item of filterOffered(partnerItems, (need) => isOffered(role, undefined, need))) {
        if (item.need?.permission) expect(held.some((p) => p.startsWith(`${item.need!.permission}:`))).toBe(true);
      }
    }
  });

  it('a Member sees "Documentos fiscais" and "Saúde fiscal" (read:product), a view-only one without the writes', () => {
    const everything: UserPermission[] = ['Create', 'Read', 'Delete', 'Import', 'Export'];
    const full = offered(memberCompanyItems, 'Member', everything);
    expect(full).toEqual(expect.arrayContaining(['Documentos fiscais', 'Saúde fiscal', 'Importar', 'Integrações']));
    const viewOnly = offered(memberCompanyItems, 'Member', ['Read']);
    expect(viewOnly).toEqual(expect.arrayContaining(['Meus Produtos', 'Documentos fiscais', 'Saúde fiscal']));
    expect(viewOnly).not.toContain('Importar');
    expect(viewOnly).not.toContain('Exportar');
    expect(viewOnly).not.toContain('Integrações');
  });
});
