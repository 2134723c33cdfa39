import { and, asc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  type FiscalRuleRow,
  type FiscalRuleVersionInsert,
  type FiscalRuleVersionRow,
  fiscalRules,
  fiscalRuleVersions,
  refCclasstrib,
  refCst,
  refNcm,
} from '../../db/schema/index.js';

/** A rule at one version, with the descriptions the reference tables give its codes. */
export interface RuleVersionView {
  rule: FiscalRuleRow;
  version: FiscalRuleVersionRow;
  ncmDescription: string | null;
  cbsCstDescription: string | null;
  cClassTribDescription: string | null;
}

function selectRuleVersions(db: DbOrTx) {
  return db
    .select({
      rule: fiscalRules,
      version: fiscalRuleVersions,
      ncmDescription: refNcm.fullDescription,
      cbsCstDescription: refCst.name,
      cClassTribDescription: refCclasstrib.name,
    })
    .from(fiscalRuleVersions)
    .innerJoin(fiscalRules, eq(fiscalRules.id, fiscalRuleVersions.fiscalRuleId))
    .leftJoin(refNcm, eq(refNcm.code, fiscalRuleVersions.ncm))
    .leftJoin(refCst, and(eq(refCst.type, 'IBSCBS'), eq(refCst.code, fiscalRuleVersions.cbsCst)))
    .leftJoin(refCclasstrib, eq(refCclasstrib.code, fiscalRuleVersions.cbsCClassTrib));
}

export async function findRule(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(fiscalRules).where(eq(fiscalRules.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findVersionView(db: DbOrTx, versionId: string): Promise<RuleVersionView | undefined> {
  const [row] = await selectRuleVersions(db).where(eq(fiscalRuleVersions.id, versionId)).limit(1);
  return row;
}

/** The version of a rule in force at a moment: valid_from ≤ at < valid_to. */
export async function findVersionViewAt(db: DbOrTx, ruleId: string, at: Date): Promise<RuleVersionView | undefined> {
  const [row] = await selectRuleVersions(db)
    .where(
      and(
        eq(fiscalRuleVersions.fiscalRuleId, ruleId),
        lte(fiscalRuleVersions.validFrom, at),
        or(isNull(fiscalRuleVersions.validTo), gt(fiscalRuleVersions.validTo, at)),
      ),
    )
    .limit(1);
  return row;
}

/** Current versions of every rule of an NCM/CEST group. */
export async function findGroupCurrentViews(db: DbOrTx, ncm: string, cest: string | null) {
  return selectRuleVersions(db)
    .where(
      and(
        eq(fiscalRules.currentVersionId, fiscalRuleVersions.id),
        eq(fiscalRules.ncm, ncm),
        cest ? eq(fiscalRules.cest, cest) : isNull(fiscalRules.cest),
      ),
    )
    .orderBy(asc(fiscalRules.uf), asc(fiscalRules.isNamed), asc(fiscalRules.description));
}

export async function findBaseRuleId(db: DbOrTx, key: { ncm: string; cest: string | null; uf: string }) {
  const [row] = await db
    .select({ id: fiscalRules.id })
    .from(fiscalRules)
    .where(
      and(
        eq(fiscalRules.isNamed, false),
        eq(fiscalRules.ncm, key.ncm),
        key.cest ? eq(fiscalRules.cest, key.cest) : isNull(fiscalRules.cest),
        eq(fiscalRules.uf, key.uf),
      ),
    )
    .limit(1);
  return row?.id;
}

/** Inserts a rule and its first version (the FK rule → current version is deferred to commit). */
export async function insertRule(
  db: DbOrTx,
  rule: typeof fiscalRules.$inferInsert,
  version: Omit<FiscalRuleVersionInsert, 'fiscalRuleId'>,
) {
  await db.insert(fiscalRules).values(rule);
  await db.insert(fiscalRuleVersions).values({ ...version, fiscalRuleId: rule.id });
}

/** Closes the open version, opens the new one and points the rule at it. */
export async function insertNextVersion(
  db: DbOrTx,
  ruleId: string,
  version: Omit<FiscalRuleVersionInsert, 'fiscalRuleId'> & { id: string; validFrom: Date },
  ruleChanges: Partial<typeof fiscalRules.$inferInsert>,
) {
  await db
    .update(fiscalRuleVersions)
    .set({ validTo: version.validFrom })
    .where(and(eq(fiscalRuleVersions.fiscalRuleId, ruleId), isNull(fiscalRuleVersions.validTo)));
  await db.insert(fiscalRuleVersions).values({ ...version, fiscalRuleId: ruleId });
  await db
    .update(fiscalRules)
    .set({ ...ruleChanges, currentVersionId: version.id, updatedAt: version.validFrom })
    .where(eq(fiscalRules.id, ruleId));
}

export async function updateRuleStatus(db: DbOrTx, id: string, status: 'Checked' | 'Unchecked') {
  await db.update(fiscalRules).set({ status, updatedAt: new Date() }).where(eq(fiscalRules.id, id));
}

export interface NamedRuleListRow {
  id: string;
  description: string;
  ncm: string;
  cest: string | null;
  uf: string;
  status: 'Checked' | 'Unchecked';
  cstICMS: string | null;
  cstCSOSN: string | null;
  aliqICMS: string | null;
}

export async function findNamedRules(db: DbOrTx, description: string | undefined, limit: number) {
  const text = description?.trim();
  const filter: SQL = text
    ? sql`AND f_unaccent(lower(r.description)) LIKE '%' || f_unaccent(lower(${text})) || '%'`
    : sql``;
  const res = await db.execute<NamedRuleListRow & Record<string, unknown>>(sql`
    SELECT r.id, r.description, r.ncm, r.cest, r.uf, r.status,
           v.cst_icms AS "cstICMS", v.cst_csosn AS "cstCSOSN", v.aliq_icms::text AS "aliqICMS"
    FROM fiscal_rules r JOIN fiscal_rule_versions v ON v.id = r.current_version_id
    WHERE r.is_named ${filter}
    ORDER BY f_unaccent(lower(r.description)), r.uf
    LIMIT ${limit}`);
  return res.rows;
}
