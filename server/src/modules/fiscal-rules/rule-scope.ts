import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.js';

/**
 * Rules are global, but the products linked to them belong to companies: every product list,
 * filter and bulk change of this area is narrowed to the products the actor may see (alias `p`).
 * Admin: all; partner staff: their partner's companies; Member: linked companies.
 */
export function productScope(actor: Actor): SQL {
  if (actor.role === 'Admin') return sql`true`;
  if (actor.role === 'Member') {
    return sql`p.company_id IN (SELECT uc.company_id FROM user_companies uc WHERE uc.user_id = ${actor.id})`;
  }
  return sql`p.company_id IN (SELECT c.id FROM companies c WHERE c.partner_id = ${actor.partnerId})`;
}
