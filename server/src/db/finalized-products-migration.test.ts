import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompany, createPartner } from './factories.js';
import { runMigrations } from './migrate.js';
import * as schema from './schema/index.js';

// 0920_finalized_products_once.sql (decision 067) rebuilds the chart's 'classified' counts from the products
// that are Classified. This starts a database at the schema before it, writes the history 0550 kept (events,
// and a day no product backs, as the old demo seed wrote), applies it and reads the series left.
const name = `m_${randomBytes(6).toString('hex')}`;
const adminUrl = inject('pgAdminUrl');
let client: pg.Client;

const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await runMigrations(client, () => {}, '0905_api_key_revoked_by.sql');
});

afterAll(async () => {
  await client.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('0920: finalized products counted once', () => {
  it('keeps each Classified product once, on its day, and drops counts no product backs', async () => {
    const db = drizzle(client, { schema });
    const partner = await createPartner(db);
    const company = await createCompany(db, { partnerId: partner.id, uf: 'SP' });
    const insert = (code: string, status: string) =>
      q(`INSERT INTO products (company_id, internal_code, description, status) VALUES ($1, $2, $2, $3) RETURNING id`, [
        company.id,
        code,
        status,
      ]);
    // 0550's way: each arrival as F counts today; AGAIN classified, unbound and classified again counts twice;
    // GONE counts and is unbound.
    const [old] = await insert('OLD', 'F');
    const [again] = await insert('AGAIN', 'F');
    const [gone] = await insert('GONE', 'F');
    await insert('PEND', 'P');
    await q(`UPDATE products SET status = 'P' WHERE id = ANY($1)`, [[again.id, gone.id]]);
    await q(`UPDATE products SET status = 'F' WHERE id = $1`, [again.id]);
    // OLD was last updated five days ago (0550's backfill date for a Classified product).
    await q(`UPDATE products SET updated_at = now() - interval '5 days' WHERE id = $1`, [old.id]);
    await q(
      `INSERT INTO product_daily_counts (company_id, day, created, classified) VALUES ($1, oversight_today() - 10, 3, 2)`,
      [company.id],
    );
    const series = async (table: string, key: string) =>
      q(
        `SELECT (oversight_today() - day)::int AS ago, sum(created)::int AS created, sum(classified)::int AS classified
         FROM ${table} WHERE ${key} = $1 GROUP BY day HAVING sum(created) <> 0 OR sum(classified) <> 0 ORDER BY day`,
        [key === 'company_id' ? company.id : partner.id],
      );
    expect(await series('product_daily_counts', 'company_id')).toEqual([
      { ago: 10, created: 3, classified: 2 },
      { ago: 0, created: 4, classified: 4 },
    ]);

    await runMigrations(client, () => {});

    const expected = [
      { ago: 10, created: 3, classified: 0 },
      { ago: 5, created: 0, classified: 1 },
      { ago: 0, created: 4, classified: 1 },
    ];
    expect(await series('product_daily_counts', 'company_id')).toEqual(expected);
    expect(await series('partner_daily_counts', 'partner_id')).toEqual(expected);
    const finalized = await q(
      `SELECT p.internal_code, (oversight_today() - f.day)::int AS ago FROM product_finalizations f
       JOIN products p ON p.id = f.product_id ORDER BY 1`,
    );
    expect(finalized).toEqual([
      { internal_code: 'AGAIN', ago: 0 },
      { internal_code: 'OLD', ago: 5 },
    ]);
  });
});
