import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createProduct } from '../db/factories.js';
import { seedProductActors } from '../modules/products/products.fixtures.js';
import { companyScopeKeys } from './company-scope.js';

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let blockedProductId: string;
let blockedImportId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  blockedProductId = (await createProduct(ctx.db, { companyId: s.blocked.id })).id;
  const imp = await ctx.database.pool.query(
    "INSERT INTO import_history (company_id, user_name) VALUES ($1, 'x') RETURNING id",
    [s.blocked.id],
  );
  blockedImportId = imp.rows[0].id;
});

/** The value a scoped field gets: the blocked company's ids. */
function valueFor(key: string): unknown {
  const table = companyScopeKeys[key];
  const id = table === 'companies' ? s.blocked.id : table === 'products' ? blockedProductId : blockedImportId;
  return /Ids?$|sId$/.test(key) && key !== 'productId' && key !== 'companyId' && key !== 'importId' ? [id] : id;
}

describe('one company-scope check: a Member of a Blocked company gets 403 COMPANY_BLOCKED everywhere', () => {
  it('on every company-scoped operation of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDoc>();
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
    const checked: string[] = [];
    const open: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
        const query: Record<string, string> = {};
        let url = path;
        let scoped = false;
        for (const p of op.parameters ?? []) {
          const isProductPathId = p.in === 'path' && p.name === 'id' && /\/products\/\{id\}/.test(path);
          if (!companyScopeKeys[p.name] && !isProductPathId) continue;
          scoped = true;
          const value = isProductPathId ? blockedProductId : String(valueFor(p.name));
          if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
          else query[p.name] = value;
        }
        const body: Record<string, unknown> = {};
        const props = resolve(op.requestBody?.content?.['application/json']?.schema)?.properties ?? {};
        for (const key of Object.keys(props)) {
          if (!companyScopeKeys[key]) continue;
          scoped = true;
          body[key] = valueFor(key);
        }
        if (!scoped) continue;
        url = url.replace(/\{[^}]+\}/g, crypto.randomUUID());
        const qs = new URLSearchParams(query).toString();
        const res = await ctx.app.inject({
          method: method.toUpperCase() as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers: s.headers.member,
          payload: method === 'get' || method === 'delete' ? undefined : body,
        });
        const key = `${method.toUpperCase()} ${path}`;
        checked.push(key);
        if (res.statusCode !== 403 || res.json().code !== 'COMPANY_BLOCKED') open.push(`${key} → ${res.statusCode}`);
      }
    }
    expect(open).toEqual([]);
    // The routes the issue found open are among those walked.
    expect(checked).toEqual(
      expect.arrayContaining([
        'PUT /v1/public/fiscal-rules/products/link',
        'GET /v1/public/products/{id}/audits',
        'GET /v1/public/fiscal-rules/products/{productId}/historic',
        'POST /v1/public/products/fiscalservice/operations',
        'GET /v1/public/fiscal-rules/{id}/details',
        'POST /v1/public/products/import',
        'GET /v1/public/products/export',
        'POST /v1/public/products',
        'DELETE /v1/public/products/{id}',
        'POST /v1/public/products/binding',
      ]),
    );
    expect(checked.length).toBeGreaterThan(15);
  });

  it('a Member of an Active company and staff on the blocked company pass the check', async () => {
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products?companyId=${s.companySP.id}`,
      headers: s.headers.member,
    });
    expect(own.statusCode).toBe(200);
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/${blockedProductId}/audits`,
      headers: s.headers.ownerA,
    });
    expect(staff.statusCode).toBe(200);
  });
});
