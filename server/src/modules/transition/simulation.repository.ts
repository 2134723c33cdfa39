import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  fiscalRules,
  fiscalRuleVersions,
  type TransitionSimulationRow,
  transitionSimulations,
} from '../../db/schema/index.js';
import type { RuleVersionView } from '../fiscal-rules/fiscal-rules.repository.js';
import { escapeLike } from '../products/products.repository.js';

export type SimulationRow = TransitionSimulationRow;
type Row = Record<string, unknown>;

export async function insertSimulation(db: DbOrTx, values: typeof transitionSimulations.$inferInsert) {
  const [row] = await db.insert(transitionSimulations).values(values).returning();
  return row!;
}

export async function findSimulation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(transitionSimulations).where(eq(transitionSimulations.id, id));
  return row;
}

export async function findSimulations(db: DbOrTx, companyId: string, limit: number) {
  return db
    .select()
    .from(transitionSimulations)
    .where(eq(transitionSimulations.companyId, companyId))
    .orderBy(desc(transitionSimulations.createdAt))
    .limit(limit);
}

export async function findLatestActive(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(transitionSimulations)
    .where(
      and(
        eq(transitionSimulations.companyId, companyId),
        sql`${transitionSimulations.status} IN ('Queued', 'Running')`,
      ),
    )
    .orderBy(desc(transitionSimulations.createdAt))
    .limit(1);
  return row;
}

export async function updateSimulation(db: DbOrTx, id: string, values: Partial<SimulationRow>) {
  await db.update(transitionSimulations).set(values).where(eq(transitionSimulations.id, id));
}

/** Adds to the progress counters in one statement (the job's batches report as they go). */
export async function addProgress(
  db: DbOrTx,
  id: string,
  add: { rules?: number; products?: number; refused?: number },
) {
  await db.execute(sql`
    UPDATE transition_simulations SET rules_done = rules_done + ${add.rules ?? 0},
      products_done = products_done + ${add.products ?? 0}, products_refused = products_refused + ${add.refused ?? 0}
    WHERE id = ${id}`);
}

/**
 * The run's products with the rule each is classified by: its own link, else (finalized through a global
 * product) the base rule of its NCM/CEST in the company's UF — the operations query's choice. Unclassified
 * products are left out. Narrowed by the run's selection or search.
 */
export function scopeSql(sim: SimulationRow, companyUf: string): SQL {
  const filters: SQL[] = [sql`p.company_id = ${sim.companyId}`];
  if (sim.selecao === 'selecao')
    // One array parameter (a JS array would be spread into a list by the sql template).
    filters.push(sql`p.id = ANY(${`{${(sim.productIds ?? []).join(',')}}`}::uuid[])`);
  if (sim.selecao === 'busca')
    filters.push(sql`p.description_search LIKE f_unaccent(lower(${`%${escapeLike(sim.busca ?? '')}%`}))`);
  return sql`
    SELECT p.id, p.internal_code, p.description, p.ncm, COALESCE(p.fiscal_rule_id, br.id) AS rule_id
    FROM products p
    LEFT JOIN LATERAL (
      SELECT r.id FROM fiscal_rules r
      WHERE p.fiscal_rule_id IS NULL AND p.status = 'F' AND NOT r.is_named AND r.ncm = p.ncm AND r.uf = ${companyUf}
        AND (r.cest = p.cest OR (r.cest IS NULL AND p.cest IS NULL))
      LIMIT 1
    ) br ON true
    WHERE ${sql.join(filters, sql` AND `)} AND (p.fiscal_rule_id IS NOT NULL OR br.id IS NOT NULL)`;
}

/** Distinct rules of the run and how many products each classifies: memory grows with rules, not products. */
export async function countProductsByRule(db: DbOrTx, scope: SQL) {
  const res = await db.execute<{ ruleId: string; products: number } & Row>(sql`
    SELECT rule_id AS "ruleId", count(*)::int AS products FROM (${scope}) s GROUP BY rule_id ORDER BY rule_id`);
  return res.rows;
}

export interface RuleOutcome {
  ruleId: string;
  products: number;
  item: unknown;
  anos: unknown[] | null;
  erro: string | null;
}

export async function insertRuleOutcomes(db: DbOrTx, simulationId: string, rows: RuleOutcome[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO transition_simulation_rules (simulation_id, fiscal_rule_id, products, item, anos, erro)
    SELECT ${simulationId}, r.rule_id, r.products, r.item, r.anos, r.erro
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ...r, rule_id: r.ruleId })))}::jsonb)
      AS r(rule_id uuid, products int, item jsonb, anos jsonb, erro text)`);
}

/**
 * Writes one keyset page of the run's products, in internal-code order (the unique (company_id, internal_code)
 * index gives the range without sorting the catalogue), each with its rule's first and last load; answers
 * the page's last code and size. Nothing of the catalogue passes through the process.
 */
export async function insertProductPage(
  db: DbOrTx,
  sim: SimulationRow,
  scope: SQL,
  afterCode: string | null,
  limit: number,
): Promise<{ lastCode: string | null; count: number; refused: number }> {
  const res = await db.execute<{ lastCode: string | null; count: number; refused: number } & Row>(sql`
    WITH page AS (
      SELECT * FROM (${scope}) s ${afterCode === null ? sql`` : sql`WHERE s.internal_code > ${afterCode}`}
      ORDER BY s.internal_code LIMIT ${limit}
    ), written AS (
      INSERT INTO transition_simulation_products
        (simulation_id, product_id, fiscal_rule_id, internal_code, description, ncm, p_carga_inicial, p_carga_final, variacao)
      SELECT ${sim.id}, page.id, page.rule_id, page.internal_code, page.description, page.ncm, f.first, f.last, f.last - f.first
      FROM page
      JOIN transition_simulation_rules r ON r.simulation_id = ${sim.id} AND r.fiscal_rule_id = page.rule_id
      LEFT JOIN LATERAL (
        SELECT (r.anos -> 0 ->> 'pCarga')::numeric AS first, (r.anos -> -1 ->> 'pCarga')::numeric AS last
      ) f ON r.anos IS NOT NULL
      RETURNING variacao IS NULL AS refused
    )
    SELECT (SELECT max(internal_code) FROM page) AS "lastCode",
           (SELECT count(*)::int FROM page) AS count,
           (SELECT count(*) FILTER (WHERE refused)::int FROM written) AS refused`);
  return res.rows[0]!;
}

/**
 * Per year, the sum of each burden field over the run's products (rule result × its products) and the catalogue's
 * load; for a Simples company from 2027 also the load of the regular IBS/CBS path (null otherwise).
 */
export async function sumYearTotals(db: DbOrTx, simulationId: string, fields: readonly string[]) {
  const sums = sql.join(
    fields.map(
      (f) => sql`COALESCE(round(sum((y ->> ${f})::numeric * r.products), 2), 0)::float8 AS ${sql.identifier(f)}`,
    ),
    sql`, `,
  );
  const load = (total: SQL) => sql`round(${total} * 100 / NULLIF(s.v_prod * sum(r.products), 0), 4)::float8`;
  const regular = sql`sum((y ->> 'vTotalRegular')::numeric * r.products)`;
  const res = await db.execute<Row>(sql`
    SELECT (y ->> 'ano')::int AS ano, ${sums},
      round(sum((y ->> 'vTotal')::numeric * r.products), 2)::float8 AS "vTotal",
      COALESCE(${load(sql`sum((y ->> 'vTotal')::numeric * r.products)`)}, 0) AS "pCarga",
      bool_or((y ->> 'estimado')::boolean) AS estimado,
      round(${regular}, 2)::float8 AS "vTotalRegular", ${load(regular)} AS "pCargaRegular"
    FROM transition_simulation_rules r
    JOIN transition_simulations s ON s.id = r.simulation_id
    CROSS JOIN LATERAL jsonb_array_elements(r.anos) y
    WHERE r.simulation_id = ${simulationId} AND r.anos IS NOT NULL
    GROUP BY (y ->> 'ano')::int, s.v_prod ORDER BY 1`);
  return res.rows;
}

export interface SimulationProductRow {
  productId: string;
  internalCode: string;
  description: string;
  ncm: string | null;
  pCargaInicial: number | null;
  pCargaFinal: number | null;
  variacao: number | null;
  erro: string | null;
  ruleId: string;
}

const productColumns = sql`
  sp.product_id AS "productId", sp.internal_code AS "internalCode", sp.description, sp.ncm,
  sp.p_carga_inicial::float8 AS "pCargaInicial", sp.p_carga_final::float8 AS "pCargaFinal",
  sp.variacao::float8 AS variacao, r.erro, sp.fiscal_rule_id AS "ruleId"`;

/**
 * One page of the run's products, the largest rise of load first (index transition_simulation_products_rise_idx);
 * `refusedOnly`: only the products whose rule the engine refused (variacao null).
 */
export async function findProductPage(
  db: DbOrTx,
  simulationId: string,
  limit: number,
  offset: number,
  refusedOnly = false,
) {
  const res = await db.execute<SimulationProductRow & Row>(sql`
    SELECT ${productColumns}
    FROM transition_simulation_products sp
    JOIN transition_simulation_rules r ON r.simulation_id = sp.simulation_id AND r.fiscal_rule_id = sp.fiscal_rule_id
    WHERE sp.simulation_id = ${simulationId} ${refusedOnly ? sql`AND sp.variacao IS NULL` : sql``}
    ORDER BY sp.variacao DESC NULLS LAST, sp.product_id LIMIT ${limit} OFFSET ${offset}`);
  return res.rows;
}

/** Keyset page for the export: (variacao, product_id) after the last row written. */
export async function findExportPage(
  db: DbOrTx,
  simulationId: string,
  after: { variacao: number | null; productId: string } | null,
  limit: number,
) {
  // NULLS LAST in descending order: after a null variacao only nulls with a larger id follow.
  const keyset = !after
    ? sql`true`
    : after.variacao === null
      ? sql`sp.variacao IS NULL AND sp.product_id > ${after.productId}::uuid`
      : sql`(sp.variacao < ${after.variacao} OR sp.variacao IS NULL
             OR (sp.variacao = ${after.variacao} AND sp.product_id > ${after.productId}::uuid))`;
  const res = await db.execute<SimulationProductRow & { anos: unknown } & Row>(sql`
    SELECT ${productColumns}, r.anos
    FROM transition_simulation_products sp
    JOIN transition_simulation_rules r ON r.simulation_id = sp.simulation_id AND r.fiscal_rule_id = sp.fiscal_rule_id
    WHERE sp.simulation_id = ${simulationId} AND ${keyset}
    ORDER BY sp.variacao DESC NULLS LAST, sp.product_id LIMIT ${limit}`);
  return res.rows;
}

export async function findSimulationProduct(db: DbOrTx, simulationId: string, productId: string) {
  const res = await db.execute<SimulationProductRow & { item: unknown } & Row>(sql`
    SELECT ${productColumns}, r.item
    FROM transition_simulation_products sp
    JOIN transition_simulation_rules r ON r.simulation_id = sp.simulation_id AND r.fiscal_rule_id = sp.fiscal_rule_id
    WHERE sp.simulation_id = ${simulationId} AND sp.product_id = ${productId}`);
  return res.rows[0];
}

/** A retried run starts from a clean slate (products go with their rules). */
export async function deleteOutcomes(db: DbOrTx, simulationId: string) {
  await db.execute(sql`DELETE FROM transition_simulation_rules WHERE simulation_id = ${simulationId}`);
}

/** The current version of each rule of a batch, one statement (the descriptions are not needed by the run). */
export async function findCurrentViews(db: DbOrTx, ruleIds: string[]): Promise<Map<string, RuleVersionView>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .select({ rule: fiscalRules, version: fiscalRuleVersions })
    .from(fiscalRules)
    .innerJoin(fiscalRuleVersions, eq(fiscalRuleVersions.id, fiscalRules.currentVersionId))
    .where(inArray(fiscalRules.id, ruleIds));
  const views = rows.map((r) => ({ ...r, ncmDescription: null, cbsCstDescription: null, cClassTribDescription: null }));
  return new Map(views.map((v) => [v.rule.id, v]));
}

/** The base rules of the same NCM/CEST in another UF (the destination's state part), keyed "ncm|cest". */
export async function findSiblingViews(
  db: DbOrTx,
  keys: { ncm: string; cest: string | null }[],
  uf: string,
): Promise<Map<string, RuleVersionView>> {
  if (keys.length === 0) return new Map();
  const ncms = [...new Set(keys.map((k) => k.ncm))];
  const rows = await db
    .select({ rule: fiscalRules, version: fiscalRuleVersions })
    .from(fiscalRules)
    .innerJoin(fiscalRuleVersions, eq(fiscalRuleVersions.id, fiscalRules.currentVersionId))
    .where(and(eq(fiscalRules.isNamed, false), eq(fiscalRules.uf, uf), inArray(fiscalRules.ncm, ncms)));
  return new Map(
    rows.map((r) => [
      siblingKey(r.rule),
      { ...r, ncmDescription: null, cbsCstDescription: null, cClassTribDescription: null },
    ]),
  );
}

export const siblingKey = (k: { ncm: string; cest: string | null }) => `${k.ncm}|${k.cest ?? ''}`;
