import type { Database } from '../../server/src/db/client.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../server/src/db/factories.js';
import { loadAllReferenceTables } from '../../server/src/modules/reference/loaders/load-reference-tables.js';
import { seedBenchFiscalRules } from './bench-fiscal-rules.js';

export const GLOBAL_COUNT = Number(process.env.BENCH_GLOBAL ?? 1_000_000);
export const COMPANY_COUNT = Number(process.env.BENCH_COMPANY ?? 100_000);

/**
 * Words of retail descriptions (a few with accents, so the accent-insensitive search has work).
 * A description is noun + variety + brand + size picked by different hashes of the row number.
 */
export const NOUNS = [
  'ÁGUA MINERAL',
  'CAFÉ TORRADO',
  'AÇÚCAR REFINADO',
  'FEIJÃO CARIOCA',
  'ARROZ AGULHINHA',
  'BISCOITO RECHEADO',
  'LEITE INTEGRAL',
  'SABONETE',
  'SHAMPOO',
  'DETERGENTE',
  'MACARRÃO ESPAGUETE',
  'ÓLEO DE SOJA',
  'REFRIGERANTE COLA',
  'SUCO DE LARANJA',
  'CERVEJA PILSEN',
  'CHOCOLATE AO LEITE',
  'FARINHA DE TRIGO',
  'MOLHO DE TOMATE',
  'PAPEL HIGIÊNICO',
  'CREME DENTAL',
  'IOGURTE NATURAL',
  'MANTEIGA',
  'QUEIJO MUÇARELA',
  'PRESUNTO',
  'LINGUIÇA TOSCANA',
  'PARAFUSO SEXTAVADO',
  'LÂMPADA LED',
  'PILHA ALCALINA',
  'CABO USB',
  'PNEU ARO',
];
export const VARIETIES = [
  'TRADICIONAL',
  'ZERO',
  'LIGHT',
  'INTEGRAL',
  'PREMIUM',
  'ORGÂNICO',
  'EXTRA FORTE',
  'SEM GLÚTEN',
  'SABOR MORANGO',
  'SABOR UVA',
  'LIMÃO',
  'BAUNILHA',
  'COCO',
  'NEUTRO',
  'ECONÔMICO',
  'FAMÍLIA',
  'KIDS',
  'PROFISSIONAL',
];
export const BRANDS = [
  'NATURALIS',
  'BOM SABOR',
  'DONA BENTA',
  'SÃO JORGE',
  'PRIMOR',
  'TROPICAL',
  'ESTRELA',
  'AURORA',
  'VITÓRIA',
  'MONTANHA',
  'RIO DOCE',
  'SERRANA',
  'PLANALTO',
  'BRASILEIRINHA',
  'CAMPEÃ',
  'NOVA ERA',
  'GAÚCHA',
  'PAULISTA',
  'NORDESTINA',
  'AMAZÔNIA',
  'LITORAL',
  'IPÊ',
  'JEQUITIBÁ',
  'CARNAÚBA',
];
export const SIZES = ['200G', '500G', '1KG', '5KG', '350ML', '600ML', '1L', '2L', '12UN', '6X1L', '90G', '1,5L'];

/** SQL text of a description for row expression `n` (deterministic). */
export function descriptionSql(n: string) {
  const pick = (arr: string[], salt: string) =>
    `(ARRAY[${arr.map((w) => `'${w}'`).join(',')}])[1 + abs(hashtext((${n})::text || '${salt}')) % ${arr.length}]`;
  return `${pick(NOUNS, 'n')} || ' ' || ${pick(VARIETIES, 'v')} || ' ' || ${pick(BRANDS, 'b')} || ' ' || ${pick(SIZES, 's')}`;
}

/** 14-digit GTIN: 0 + GTIN-13 '789' + 9 digits of n + check digit (weights 1,3,… from the left). */
export function gtinSql(n: string) {
  const body = `'789' || lpad((${n})::text, 9, '0')`;
  return `('0' || ${body} || ((10 - (SELECT sum(substr(${body}, k, 1)::int * (1 + 2 * ((k + 1) % 2)))
    FROM generate_series(1, 12) k) % 10) % 10)::text)`;
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  console.log(`  seed: ${label} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return out;
}

/** Reference tables, base rules, 1M global products and one SP company with 100k products. */
export async function seedBench(database: Database) {
  const { db, pool } = database;
  const done = await pool.query(`SELECT count(*)::int AS n FROM global_products`);
  if (done.rows[0].n < GLOBAL_COUNT) {
    await timed('reference tables', () => loadAllReferenceTables(pool));
    await timed('fiscal rules (300 NCMs × 27 UFs)', () => seedBenchFiscalRules(db));
    await timed(`${GLOBAL_COUNT} global products`, () => seedGlobal(database));
  }
  const actors = await seedCompany(database);
  await timed('VACUUM ANALYZE', () => pool.query('VACUUM ANALYZE'));
  return actors;
}

/** Bulk insert with the secondary indexes dropped and rebuilt after (as a bulk load would). */
async function seedGlobal({ pool }: Database) {
  const client = await pool.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    const idx = await client.query<{ name: string; def: string }>(`
      SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = 'global_products' AND NOT x.indisprimary AND NOT x.indisunique`);
    for (const r of idx.rows) await client.query(`DROP INDEX ${r.name}`);
    await client.query(`
      WITH rules AS (SELECT row_number() OVER (ORDER BY ncm, cest) - 1 AS k, ncm, cest
                     FROM fiscal_rules WHERE uf = 'SP' AND NOT is_named),
           nr AS (SELECT count(*) AS c FROM rules)
      INSERT INTO global_products (code, description, gtin, ncm, cest)
      SELECT 'G' || lpad(n::text, 8, '0'), ${descriptionSql('n')}, ${gtinSql('n')}, r.ncm, r.cest
      FROM generate_series(1, ${GLOBAL_COUNT}) n, nr, rules r WHERE r.k = n % nr.c`);
    for (const r of idx.rows) await client.query(r.def);
  } finally {
    client.release();
  }
}

/**
 * The company (SP): 100k products, 60% with a GTIN of the base; about half Classified (with their
 * rule), the rest Pending / Returned / InAudit; last update spread over a year.
 */
async function seedCompany(database: Database) {
  const { db, pool } = database;
  const found = await pool.query(`SELECT c.id AS "companyId", u.user_id AS "userId" FROM companies c
    JOIN user_companies u ON u.company_id = c.id WHERE c.nome_fantasia = 'SUPERMERCADO BENCH'`);
  if (found.rows[0]) {
    // A kept cluster (BENCH_DIR): the company stays, what the previous run imported goes.
    const { companyId, userId } = found.rows[0];
    await timed('previous import removed', () =>
      pool.query(`DELETE FROM products WHERE company_id = $1 AND internal_code LIKE 'I%'`, [companyId]),
    );
    // Each run inserts and deletes 100k rows per round: after a few dozen runs the (company, updated_at)
    // index had grown to 40k pages for 100k rows and the date-range count went from an index-only scan
    // to a sequential one (4 → 28 ms). A kept cluster starts each run with the indexes of a fresh one.
    await timed('REINDEX products', () => pool.query('REINDEX TABLE products'));
    return { company: { id: companyId as string }, member: { id: userId as string } };
  }
  const partner = await createPartner(db);
  const company = await createCompany(db, { partnerId: partner.id, uf: 'SP', nomeFantasia: 'SUPERMERCADO BENCH' });
  const member = await createUser(db, { role: 'Member', partnerId: partner.id, name: 'Membro Bench' });
  await timed(`${COMPANY_COUNT} company products`, () =>
    pool.query(
      `
      INSERT INTO products (company_id, internal_code, description, gtin, ncm, cest, status,
        fiscal_service_reference_code, fiscal_rule_id, fiscal_rule_since, fiscal_rule_status, created_at, updated_at)
      SELECT $1::uuid, 'P' || lpad(n::text, 7, '0'), ${descriptionSql('n + 7')},
        CASE WHEN n % 10 < 6 THEN g.gtin END,
        CASE WHEN st = 'F' THEN g.ncm END, CASE WHEN st = 'F' THEN g.cest END, st,
        CASE WHEN st = 'F' THEN g.code END,
        CASE WHEN st = 'F' THEN (SELECT f.id FROM fiscal_rules f WHERE NOT f.is_named AND f.ncm = g.ncm
          AND f.cest IS NOT DISTINCT FROM g.cest AND f.uf = 'SP') END,
        CASE WHEN st = 'F' THEN now() - (n % 365) * interval '1 day' END,
        CASE WHEN st = 'F' THEN 'Unchecked' END,
        now() - (n % 365) * interval '1 day', now() - (n % 365) * interval '1 day' + (n % 86400) * interval '1 second'
      FROM generate_series(1, ${COMPANY_COUNT}) n
      CROSS JOIN LATERAL (SELECT CASE WHEN n % 10 < 5 THEN 'F' WHEN n % 10 < 8 THEN 'P'
                                      WHEN n % 10 < 9 THEN 'D' ELSE 'A' END AS st) s
      JOIN global_products g ON g.code = 'G' || lpad((n * 7 % ${GLOBAL_COUNT} + 1)::text, 8, '0')`,
      [company.id],
    ),
  );
  // Linked last: a run that failed above leaves no company that the next run would take as seeded.
  await linkMemberToCompany(db, member.id, company.id);
  return { company, member };
}
