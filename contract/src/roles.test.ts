import { describe, expect, it } from 'vitest';
import { canAssignRole, type Role, roles } from './roles.js';

// Spec 01 §6, written out pair by pair.
const expected: Record<Role, Record<Role, boolean>> = {
  Admin: { Admin: true, PartnerOwner: true, PartnerContributor: true, Member: true },
  PartnerOwner: { Admin: false, PartnerOwner: false, PartnerContributor: true, Member: true },
  PartnerContributor: { Admin: false, PartnerOwner: false, PartnerContributor: false, Member: true },
  Member: { Admin: false, PartnerOwner: false, PartnerContributor: false, Member: false },
};

describe('canAssignRole', () => {
  const pairs = roles.flatMap((creator) => roles.map((target) => [creator, target] as const));

  it('covers all 16 creator × target pairs', () => {
    expect(pairs).toHaveLength(16);
  });

  it.each(pairs)('%s → %s', (creator, target) => {
    expect(canAssignRole(creator, target)).toBe(expected[creator][target]);
  });
});
