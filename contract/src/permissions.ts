import type { Role } from './roles.js';

/**
 * Permission strings 'action:entity:scope'. Routes declare one; the server's guard checks the
 * role holds it, and services check the scope (partner / linked company) on the rows they touch.
 * The web reads the same map only to hide what cannot be done.
 *  - scope 'any'     : every partner's data (Admin)
 *  - scope 'partner' : the caller's own partner
 *  - scope 'company' : companies the Member is linked to
 *  - scope 'global'  : shared content (global base, fiscal rules, reference tables)
 */
export const permissionsByRole = {
  Admin: [
    'read:partner:any',
    'create:partner:any',
    'read:user:any',
    'write:user:any',
    'read:company:any',
    'write:company:any',
    'delete:company:any',
    'read:company:company',
    'read:fiscal-rule:global',
    'write:fiscal-rule:global',
    'read:reference:global',
    'read:product:any',
    'write:product:any',
    'read:product:company',
    'write:product:company',
    'read:log:any',
    'read:dashboard:any',
    'audit:product:any',
    'read:pending-product:any',
    'write:pending-product:any',
    'write:global-product:global',
    'read:ticket:any',
    'write:ticket:any',
    'read:ticket-queue:any',
    'write:knowledge-base:any',
    // The estimated CBS/IBS reference rates 2027–2033 (decision 038): one table for every partner.
    'write:reform-rate:global',
    'write:integration:any',
    // Interstate ICMS-ST agreements (decision 064): curated by the content provider, read by every role.
    'read:st-agreement:global',
    'write:st-agreement:global',
  ],
  PartnerOwner: [
    'read:user:partner',
    'write:user:partner',
    'read:company:partner',
    'write:company:partner',
    'delete:company:partner',
    'read:company:company',
    'read:fiscal-rule:global',
    'write:fiscal-rule:global',
    'read:reference:global',
    'read:product:partner',
    'write:product:partner',
    'read:product:company',
    'write:product:company',
    'read:log:partner',
    'read:dashboard:partner',
    'audit:product:partner',
    'read:pending-product:partner',
    'write:pending-product:partner',
    'write:global-product:global',
    'read:ticket:partner',
    'write:ticket:partner',
    'read:ticket-queue:partner',
    'write:knowledge-base:partner',
    'write:integration:partner',
    'read:st-agreement:global',
  ],
  PartnerContributor: [
    'read:user:partner',
    'write:user:partner',
    'read:company:partner',
    'write:company:partner',
    'read:company:company',
    'read:fiscal-rule:global',
    'write:fiscal-rule:global',
    'read:reference:global',
    'read:product:partner',
    'write:product:partner',
    'read:product:company',
    'write:product:company',
    'read:log:partner',
    'read:dashboard:partner',
    'audit:product:partner',
    'read:pending-product:partner',
    'write:pending-product:partner',
    'write:global-product:global',
    'read:ticket:partner',
    'write:ticket:partner',
    'read:ticket-queue:partner',
    'write:knowledge-base:partner',
    'write:integration:partner',
    'read:st-agreement:global',
  ],
  Member: [
    'read:company:company',
    'read:fiscal-rule:company',
    'read:reference:global',
    'read:product:company',
    'write:product:company',
    'read:ticket:company',
    'write:ticket:company',
    'write:integration:company',
    'read:st-agreement:global',
  ],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof permissionsByRole)[Role][number];

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (permissionsByRole[role] as readonly string[]).includes(permission);
}

/** True when the role holds the action on the entity at any scope. */
export function canDo(role: Role | null | undefined, action: string, entity: string): boolean {
  if (!role) return false;
  return (permissionsByRole[role] as readonly string[]).some((p) => p.startsWith(`${action}:${entity}:`));
}
