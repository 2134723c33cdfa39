import { describe, expect, it } from 'vitest';
import { canEditUser } from './can-edit-user';

const contributor = { id: 'c', role: 'PartnerContributor' as const };

describe('canEditUser', () => {
  it('offers only what the role may do', () => {
    expect(canEditUser(contributor, { id: 'o', role: 'PartnerOwner' })).toBe(false);
    expect(canEditUser(contributor, { id: 'c2', role: 'PartnerContributor' })).toBe(false);
    expect(canEditUser(contributor, { id: 'm', role: 'Member' })).toBe(true);
    expect(canEditUser({ id: 'o', role: 'PartnerOwner' }, { id: 'c', role: 'PartnerContributor' })).toBe(true);
    expect(canEditUser({ id: 'a', role: 'Admin' }, { id: 'o', role: 'PartnerOwner' })).toBe(true);
  });

  it('always lets one alter oneself, and nothing before the current user is known', () => {
    expect(canEditUser(contributor, contributor)).toBe(true);
    expect(canEditUser(undefined, { id: 'm', role: 'Member' })).toBe(false);
  });
});
