import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPartner } from './factories.js';
import { runMigrations } from './migrate.js';
import * as schema from './schema/index.js';

// 0500_rule_link_periods.sql turns per-version history rows into links (decision 013). This starts a
// database at the schema before it, writes history the old way, applies it and reads what is left.
const name = `m_${randomBytes(6).toString('hex')}`;
const adminUrl = inject('pgAdminUrl');
let client: pg.Client;

const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
const at = (day: number) => new Date(Date.UTC(2026, 0, day));

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await runMigrations(client, () => {}, '0490_products_updated_covering.sql');
});

afterAll(async () => {
  await client.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function insertRule(uf: string, versions: [string, Date, Date | null][]) {
  await q('BEGIN'); // the rule's key to its current version is checked at commit
  const [rule] = await q(
    `INSERT INTO fiscal_rules (id, is_named, description, ncm, uf, current_version_id)
     VALUES (gen_random_uuid(), true, $1, '22021000', $2, $3) RETURNING id`,
    [`Regra ${uf}`, uf, versions.at(-1)![0]],
  );
  for (const [id, from, to] of versions) {
    await q(
      `INSERT INTO fiscal_rule_versions (id, fiscal_rule_id, valid_from, valid_to, ncm, uf) VALUES ($1, $2, $3, $4, '22021000', $5)`,
      [id, rule.id, from, to, uf],
    );
  }
  await q('COMMIT');
  return rule.id as string;
}

describe('0500: rule history as link periods', () => {
  it('keeps each link once: the open one on the product, the ended ones as rows', async () => {
    const db = drizzle(client, { schema });
    const partner = await createPartner(db);
    // The company as the schema before 0500 has it: the factory writes today's columns.
    const [company] = await q(
      `INSERT INTO companies (partner_id, document, uf, razao_social, nome_fantasia, crt, regime_tributario,
         codigo_faixa_enquadramento, regime_especial, status)
       VALUES ($1, '26281686000120', 'SP', 'EMPRESA MIGRACAO LTDA', 'EMPRESA MIGRACAO', 'SimplesNacional',
         'SimplesNacional', 'SimplesNacional', 'N', 'Active') RETURNING id`,
      [partner.id],
    );
    const v = () => crypto.randomUUID();
    const [v1, v2, v3] = [v(), v(), v()];
    const r1 = await insertRule('SP', [
      [v1, at(1), at(10)],
      [v2, at(10), null],
    ]);
    const r2 = await insertRule('SP', [[v3, at(1), null]]);
    const product = async (code: string, rule: string | null) =>
      (
        await q(
          `INSERT INTO products (company_id, internal_code, description, fiscal_rule_id, updated_at)
           VALUES ($1, $2, 'X', $3, $4) RETURNING id`,
          [company.id, code, rule, at(3)],
        )
      )[0].id as string;
    const a = await product('A', r2); // R1 from day 2, followed R1's edit on day 10, moved to R2 on day 20
    const b = await product('B', null); // R1 from day 2, unbound on day 5
    await product('C', r1); // linked without a history row
    const history = [
      [a, r1, v1, at(2), at(10)],
      [a, r1, v2, at(10), at(20)],
      [a, r2, v3, at(20), null],
      [b, r1, v1, at(2), at(5)],
    ];
    for (const [p, rule, version, from, to] of history) {
      await q(
        `INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, version_id, valid_from, valid_to)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [company.id, p, rule, version, from, to],
      );
    }

    await runMigrations(client);

    const rows = await q(
      `SELECT p.internal_code AS code, h.fiscal_rule_id AS rule, h.valid_from, h.valid_to
       FROM product_rule_history h JOIN products p ON p.id = h.product_id ORDER BY code, h.valid_from`,
    );
    expect(rows).toEqual([
      { code: 'A', rule: r1, valid_from: at(2), valid_to: at(20) },
      { code: 'B', rule: r1, valid_from: at(2), valid_to: at(5) },
    ]);
    const links = await q(
      `SELECT internal_code AS code, fiscal_rule_id AS rule, fiscal_rule_since AS since FROM products ORDER BY code`,
    );
    expect(links).toEqual([
      { code: 'A', rule: r2, since: at(20) },
      { code: 'B', rule: null, since: null },
      { code: 'C', rule: r1, since: at(3) },
    ]);
    // A link needs its start from now on.
    await expect(
      q(`INSERT INTO products (company_id, internal_code, description, fiscal_rule_id) VALUES ($1, 'D', 'X', $2)`, [
        company.id,
        r1,
      ]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'products_rule_since' });
  });
});
