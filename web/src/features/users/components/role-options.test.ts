import { describe, expect, it } from 'vitest';
import { buildRoleOptions, defaultNewUserRole } from './role-options';

const labels = (options: ReturnType<typeof buildRoleOptions>) => options.map((o) => o.label);

describe('buildRoleOptions', () => {
  it('limits the choices to the roles the creator may assign', () => {
    expect(labels(buildRoleOptions('Admin'))).toEqual(['Administrador', 'Proprietário', 'Colaborador', 'Usuário']);
    expect(labels(buildRoleOptions('PartnerOwner'))).toEqual(['Colaborador', 'Usuário']);
    expect(labels(buildRoleOptions('PartnerContributor'))).toEqual(['Usuário']);
    expect(buildRoleOptions('Member')).toEqual([]);
    expect(buildRoleOptions(undefined)).toEqual([]);
  });

  it("keeps an edited user's current role visible but disabled when it is not assignable", () => {
    const options = buildRoleOptions('PartnerContributor', 'PartnerOwner');
    expect(options).toEqual([
      { value: 'Member', label: 'Usuário', disabled: false },
      { value: 'PartnerOwner', label: 'Proprietário', disabled: true },
    ]);
    expect(buildRoleOptions('PartnerOwner', 'Member').every((o) => !o.disabled)).toBe(true);
  });
});

describe('defaultNewUserRole', () => {
  it('prefers Member', () => {
    expect(defaultNewUserRole('Admin')).toBe('Member');
    expect(defaultNewUserRole('PartnerContributor')).toBe('Member');
    expect(defaultNewUserRole('Member')).toBeNull();
  });
});
