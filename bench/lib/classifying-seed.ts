import { createWriteStream } from 'node:fs';
import type { Database } from '../../server/src/db/client.js';
import { createCompany, createPartner, createUser } from '../../server/src/db/factories.js';
import { gtin13 } from './import-file.js';
import { COMPANY_COUNT, descriptionSql, GLOBAL_COUNT } from './seed.js';

export const PENDING_COMPANIES = Number(process.env.BENCH_PENDING_COMPANIES ?? 10);
export const FANOUT_COMPANIES = Number(process.env.BENCH_FANOUT_COMPANIES ?? 100);
export const FANOUT_PER_COMPANY = Number(process.env.BENCH_FANOUT_PER_COMPANY ?? 100);
export const GLOBAL_IMPORT_ROWS = Number(process.env.BENCH_GLOBAL_IMPORT_ROWS ?? 1_000_000);

/**
 * One partner with PENDING_COMPANIES companies × COMPANY_COUNT products (40% Pending, the rest
 * Classified and linked to a global product), an Admin and the partner's owner; FANOUT_COMPANIES
 * more companies with FANOUT_PER_COMPANY Pending products of one GTIN absent from the base.
 */
export async function seedClassifying(database: Database) {
  const { db, pool } = database;
  const found = await pool.query(`SELECT id FROM partners WHERE display_name = 'PARCEIRO CLASSIFICACAO'`);
  const partner = found.rows[0] ?? (await createPartner(db, { displayName: 'PARCEIRO CLASSIFICACAO' }));
  const owner = await createUser(db, { role: 'PartnerOwner', partnerId: partner.id });
  const admin = await createUser(db, { role: 'Admin' });
  const fanoutGtin = `0${gtin13('781000000001')}`;
  if (!found.rows[0]) {
    for (let c = 0; c < PENDING_COMPANIES; c++) {
      const company = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: `LOJA PENDENTE ${c}` });
      await pool.query(
        `INSERT INTO products (company_id, internal_code, description, gtin, status, fiscal_service_reference_code,
           ncm, cest, fiscal_rule_id, fiscal_rule_since, fiscal_rule_status, created_at)
         SELECT $1::uuid, 'Q' || lpad(n::text, 7, '0'), ${descriptionSql(`n + ${c * 3}`)},
           CASE WHEN n % 10 < 7 THEN g.gtin END, CASE WHEN n % 10 < 4 THEN 'P' ELSE 'F' END,
           CASE WHEN n % 10 >= 4 THEN g.code END, CASE WHEN n % 10 >= 4 THEN g.ncm END,
           CASE WHEN n % 10 >= 4 THEN g.cest END,
           CASE WHEN n % 10 >= 4 THEN (SELECT f.id FROM fiscal_rules f WHERE NOT f.is_named AND f.ncm = g.ncm
             AND f.cest IS NOT DISTINCT FROM g.cest AND f.uf = 'SP') END,
           CASE WHEN n % 10 >= 4 THEN now() - interval '30 days' END, CASE WHEN n % 10 >= 4 THEN 'Unchecked' END,
           now() - (n % 365) * interval '1 day'
         FROM generate_series(1, ${COMPANY_COUNT}) n
         JOIN global_products g ON g.code = 'G' || lpad((n * 11 % ${GLOBAL_COUNT} + 1)::text, 8, '0')`,
        [company.id],
      );
    }
    for (let c = 0; c < FANOUT_COMPANIES; c++) {
      const company = await createCompany(db, {
        partnerId: partner.id,
        uf: c % 2 ? 'SP' : 'RJ',
        nomeFantasia: `LOJA GTIN ${c}`,
      });
      await pool.query(
        `INSERT INTO products (company_id, internal_code, description, gtin, status)
         SELECT $1::uuid, 'F' || n, 'PRODUTO GEMEO ' || n, $2, 'P' FROM generate_series(1, ${FANOUT_PER_COMPANY}) n`,
        [company.id, fanoutGtin],
      );
    }
    await pool.query('VACUUM ANALYZE products');
  }
  const companies = await pool.query<{ id: string }>(
    `SELECT id FROM companies WHERE nome_fantasia LIKE 'LOJA PENDENTE %' ORDER BY nome_fantasia`,
  );
  return { partner, owner, admin, fanoutGtin, pendingCompanies: companies.rows.map((r) => r.id) };
}

/** The global import file: GLOBAL_IMPORT_ROWS new codes, 80% with a GTIN absent from the base, NCM/CEST of SP base rules. */
export async function writeGlobalImportFile(file: string, rules: { ncm: string; cest: string | null }[]) {
  const out = createWriteStream(file);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('Codigo;Descricao;GTIN;NCM;CEST\n');
  for (let i = 1; i <= GLOBAL_IMPORT_ROWS; i++) {
    const r = rules[i % rules.length]!;
    const gtin = i % 5 === 0 ? '' : gtin13(`782${String(i).padStart(9, '0')}`);
    await write(
      `N${String(i).padStart(8, '0')};PRODUTO IMPORTADO ${i} MARCA ${i % 97} ${i % 13}KG;${gtin};${r.ncm};${r.cest ?? ''}\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
}
