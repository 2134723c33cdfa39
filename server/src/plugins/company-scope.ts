import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * One check, for every route, that a Member does not act on a Blocked company (spec 01 §4). Before,
 * each service called findUsableCompany itself and five company-scoped routes forgot it (issue 15).
 * It runs before validation on whatever the request names — a company, a product, an import — by
 * field name, so a new route is covered by using the usual names. Foreign and unknown ids are left
 * to the services (they answer 404), so nothing can be probed here.
 *
 * Areas append their own keys: field name → the table whose `company_id` owns that id.
 */
export const companyScopeKeys: Record<string, 'companies' | 'products' | 'import_history' | (string & {})> = {
  companyId: 'companies',
  companiesId: 'companies',
  companyIds: 'companies',
  productId: 'products',
  productsId: 'products',
  productIds: 'products',
  importId: 'import_history',
};

/** Path ids whose segment before `:id` names the table (`/products/:id/audits`). */
const idSegments: Record<string, string> = { products: 'products' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 5000;

/** The ids the request names, by table (only uuid-shaped strings, from query, params and JSON body). */
export function collectScopedIds(request: FastifyRequest): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  let seen = 0;
  const add = (table: string, value: unknown) => {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v !== 'string' || !UUID.test(v) || ++seen > MAX_IDS) continue;
      if (!found.has(table)) found.set(table, new Set());
      found.get(table)!.add(v.toLowerCase());
    }
  };
  const walk = (value: unknown, depth: number) => {
    if (depth > 3 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 1000)) walk(item, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      const table = companyScopeKeys[key];
      if (table) add(table, v);
      else walk(v, depth + 1);
    }
  };
  walk(request.query, 0);
  walk(request.params, 0);
  walk(request.body, 0);
  const url = request.routeOptions.url ?? '';
  const idParam = (request.params as { id?: unknown } | undefined)?.id;
  const segment = /\/([a-z-]+)\/:id(?:\/|$)/.exec(url)?.[1];
  if (segment && idSegments[segment] && idParam !== undefined) add(idSegments[segment], idParam);
  return found;
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      // Callback style: most requests (staff, or naming no company) end here without a promise.
      const actor = request.actor;
      if (actor?.role !== 'Member') return done();
      const ids = collectScopedIds(request);
      if (ids.size === 0) return done();
      refuseBlocked(actor.id, ids).then(() => done(), done);
    });

    async function refuseBlocked(userId: string, ids: Map<string, Set<string>>): Promise<void> {
      // A uuid[] literal as ONE parameter (the values are uuid-shaped, checked above).
      const owners = [...ids.entries()].map(([table, set]) => {
        const list = `{${[...set].join(',')}}`;
        return table === 'companies'
          ? sql`SELECT unnest(${list}::uuid[])`
          : sql`SELECT company_id FROM ${sql.identifier(table)} WHERE id = ANY(${list}::uuid[])`;
      });
      const res = await app.db.execute(sql`
        SELECT 1 FROM companies c
        JOIN user_companies uc ON uc.company_id = c.id AND uc.user_id = ${userId}
        WHERE c.status = 'Blocked' AND c.id IN (${sql.join(owners, sql` UNION ALL `)})
        LIMIT 1`);
      if (res.rows.length > 0) throw new AppError('COMPANY_BLOCKED');
    }
  },
  { name: 'company-scope', dependencies: ['auth', 'db'] },
);
