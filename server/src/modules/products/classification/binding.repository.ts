import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { auditEvents } from '../../../db/schema/index.js';
import { type AuditInput, auditCodes } from '../../../lib/audit.js';
import { globalRuleLateral } from '../global/global-products.repository.js';

export interface BindableProduct {
  id: string;
  companyId: string;
  partnerId: string;
  companyUf: string;
  companyStatus: string;
  companyName: string;
  internalCode: string;
  description: string;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  status: string;
  fiscalServiceReferenceCode: string | null;
  fiscalRuleId: string | null;
  fiscalRuleSince: string | null;
  fiscalRuleStatus: string | null;
}

/** One uuid[] parameter: the statement's text does not grow with the number of products. */
export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Products by id inside the actor's scope (alias `p`), with their company, locked when about to change.
 * Ids outside the scope simply do not come back (the caller answers 404 for them).
 */
export async function findScopedBindable(db: DbOrTx, ids: string[], scope: SQL, opts: { forUpdate?: boolean } = {}) {
  if (ids.length === 0) return [];
  const res = await db.execute<BindableProduct & Record<string, unknown>>(sql`
    SELECT p.id, p.company_id AS "companyId", c.partner_id AS "partnerId", c.uf AS "companyUf",
      c.status AS "companyStatus", coalesce(nullif(c.nome_fantasia, ''), c.razao_social) AS "companyName",
      p.internal_code AS "internalCode", p.description, p.gtin, p.ncm, p.cest, p.status,
      p.fiscal_service_reference_code AS "fiscalServiceReferenceCode", p.fiscal_rule_id AS "fiscalRuleId",
      p.fiscal_rule_since::text AS "fiscalRuleSince", p.fiscal_rule_status AS "fiscalRuleStatus"
    FROM products p JOIN companies c ON c.id = p.company_id
    WHERE p.id = ANY(${uuidArray(ids)}) AND ${scope}
    ORDER BY p.id
    ${opts.forUpdate ? sql`FOR UPDATE OF p` : sql``}`);
  return res.rows;
}

export interface GlobalForUf {
  id: string;
  code: string;
  description: string;
  gtin: string | null;
  ncm: string;
  cest: string | null;
  ruleId: string | null;
  ruleNcm: string | null;
  ruleCest: string | null;
}

/** The global product by its code with the rule it takes in the UF (own rule, else the base rule). */
export async function findGlobalForUf(db: DbOrTx, code: string, uf: string): Promise<GlobalForUf | undefined> {
  const res = await db.execute<GlobalForUf & Record<string, unknown>>(sql`
    SELECT g.id, g.code, g.description, g.gtin, g.ncm, g.cest, r.rule_id AS "ruleId",
      fr.ncm AS "ruleNcm", fr.cest AS "ruleCest"
    FROM global_products g ${globalRuleLateral(uf)}
    LEFT JOIN fiscal_rules fr ON fr.id = r.rule_id
    WHERE g.code = ${code}`);
  return res.rows[0];
}

/**
 * Links products to the global product in one statement: the integration code, NCM/CEST of the
 * global product, and the status (finalized → Classified, else InAudit). A finalized product with
 * a rule gets its rule link afterwards (linkProductsToRule); one without keeps no rule.
 */
export async function setGlobalLink(
  db: DbOrTx,
  input: { finalizedIds: string[]; auditIds: string[]; global: GlobalForUf; at: Date },
) {
  const all = [...input.finalizedIds, ...input.auditIds];
  if (all.length === 0) return;
  await db.execute(sql`
    UPDATE products SET fiscal_service_reference_code = ${input.global.code}, ncm = ${input.global.ncm},
      cest = ${input.global.cest}, updated_at = ${input.at},
      status = CASE WHEN id = ANY(${uuidArray(input.finalizedIds)}) THEN 'F' ELSE 'A' END
    WHERE id = ANY(${uuidArray(all)})`);
}

/** A returned link: Returned, integration code, NCM and CEST cleared (the member must fix the data). */
export async function setReturned(db: DbOrTx, productId: string, at: Date) {
  await db.execute(sql`
    UPDATE products SET status = 'D', fiscal_service_reference_code = NULL, ncm = NULL, cest = NULL, updated_at = ${at}
    WHERE id = ${productId}`);
}

/** Product audit items of many products in one statement. */
export async function insertProductAudits(
  db: DbOrTx,
  items: { companyId: string; productId: string; description: string }[],
  actor: { id: string; name: string },
) {
  if (items.length === 0) return;
  await db.execute(sql`
    INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
    SELECT t."companyId", t."productId", t.description, ${actor.id}, ${actor.name}
    FROM json_to_recordset(${JSON.stringify(items)}::json) AS t("companyId" uuid, "productId" uuid, description text)`);
}

/** Audit-log events of many products in one statement (recordAudit writes one per call). */
export async function recordAudits(db: DbOrTx, inputs: AuditInput[]) {
  if (inputs.length === 0) return;
  await db.insert(auditEvents).values(
    inputs.map((input) => {
      const def = auditCodes[input.code];
      if (!def) throw new Error(`audit code ${input.code} not registered`);
      return {
        code: input.code,
        module: def.module,
        description: input.description ?? def.description,
        actorId: input.actor?.id ?? null,
        actorName: input.actor?.name ?? null,
        partnerId: input.partnerId ?? null,
        companyId: input.companyId ?? null,
        entityId: input.entityId ?? null,
        before: input.before ?? null,
        after: input.after ?? null,
      };
    }),
  );
}
