import type { THealthFindingKind } from '@app/contract';
import { el, type Rejeicao, validateNfeRules, type XNode } from '@app/tax-engine';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { nfeTablesOf } from '../../nfe-validation/nfe-tables.js';
import { readIndexedFacts } from '../tax-facts-cache.js';

/**
 * The catalogue health check's findings that are rules of the NF-e rule book (decision 060, issue 36): one
 * implementation, the book's. Each product with its fiscal rule becomes a one-item NF-e (the fields the rules read:
 * NCM, CFOP, the IBS/CBS CST and cClassTrib) and the book is asked those rules only, on the check's date, with the
 * official tables the server loaded. A finding carries the rule's rejection code and id ("778 · I05-20").
 */
export const HEALTH_RULES: Readonly<Record<string, THealthFindingKind>> = {
  'I05-20': 'NCM_NOT_IN_FORCE',
  'UB13-10': 'IBSCBS_CST_INVALID',
  'UB14-10': 'CCLASSTRIB_NOT_IN_FORCE',
  'UB14-20': 'CCLASSTRIB_CST_MISMATCH',
};
const ruleIds = Object.keys(HEALTH_RULES);

export interface ProductFacts {
  id: string;
  ncm: string | null;
  cfop: string | null;
  cbsCst: string | null;
  cclass: string | null;
}

export interface RuleFinding {
  productId: string;
  kind: THealthFindingKind;
  detail: string;
  ruleCode: string;
}

/** The one-item NF-e of a product: only the tags the health rules read (the book reads a plain tree). */
export function productNfe(p: ProductFacts, date: string): XNode {
  const prod = [p.ncm ? el('NCM', p.ncm) : undefined, p.cfop ? el('CFOP', p.cfop) : undefined];
  const ibscbs =
    p.cbsCst || p.cclass
      ? el('IBSCBS', [p.cbsCst ? el('CST', p.cbsCst) : undefined, p.cclass ? el('cClassTrib', p.cclass) : undefined])
      : undefined;
  return el('NFe', [
    el('infNFe', [
      el('ide', [el('mod', '55'), el('tpNF', '1'), el('dhEmi', `${date}T12:00:00-03:00`), el('tpAmb', '1')]),
      el('det', [el('prod', prod), el('imposto', [ibscbs])], { nItem: '1' }),
    ]),
  ]);
}

/** What the analyst reads in the finding: the product's value the rule refused, as the check has always shown it. */
function detailOf(p: ProductFacts, r: Rejeicao): string {
  if (r.regra === 'I05-20') return `NCM ${p.ncm}`;
  if (r.regra === 'UB14-20') return `cClassTrib ${p.cclass} × CST ${p.cbsCst}`;
  if (r.regra === 'UB13-10') return `CST ${p.cbsCst}`;
  return `cClassTrib ${p.cclass}`;
}

/** Applies the health rules of the book to each product; empty when the official tables are not loaded. */
export function productRuleFindings(
  products: ProductFacts[],
  date: string,
  tabelas: ReturnType<typeof nfeTablesOf>,
): RuleFinding[] {
  if (!tabelas) return [];
  const out: RuleFinding[] = [];
  for (const p of products) {
    const r = validateNfeRules(productNfe(p, date), { data: date, tabelas, regras: ruleIds });
    for (const f of r.rejeicoes)
      out.push({
        productId: p.id,
        kind: HEALTH_RULES[f.regra]!,
        detail: detailOf(p, f),
        ruleCode: `${f.codigo} · ${f.regra}`,
      });
  }
  return out;
}

/** Reads the company's products with their rule's current version and stores the rule-book findings. */
export async function insertRuleBookFindings(db: DbOrTx, checkId: string, companyId: string, date: string) {
  const res = await db.execute<ProductFacts & Record<string, unknown>>(sql`
    SELECT p.id, p.ncm, v.cfop_saida AS cfop, v.cbs_cst AS "cbsCst", v.cbs_cclass_trib AS cclass
    FROM products p
    LEFT JOIN fiscal_rules r ON r.id = p.fiscal_rule_id
    LEFT JOIN fiscal_rule_versions v ON v.id = r.current_version_id
    WHERE p.company_id = ${companyId}`);
  const findings = productRuleFindings(res.rows, date, nfeTablesOf(await readIndexedFacts(db)));
  // One statement per 1,000 findings: a catalogue of tens of thousands of products stays a few round trips.
  for (let i = 0; i < findings.length; i += 1000) {
    const rows = findings.slice(i, i + 1000);
    await db.execute(sql`
      INSERT INTO health_findings (check_id, company_id, product_id, kind, detail, rule_code)
      SELECT ${checkId}::uuid, ${companyId}::uuid, x.product_id, x.kind, x.detail, x.rule_code
      FROM unnest(${`{${rows.map((f) => f.productId).join(',')}}`}::uuid[], ${arr(rows.map((f) => f.kind))}::text[],
        ${arr(rows.map((f) => f.detail))}::text[], ${arr(rows.map((f) => f.ruleCode))}::text[])
        AS x(product_id, kind, detail, rule_code)
      ON CONFLICT DO NOTHING`);
  }
}

/** A Postgres text[] literal (each element quoted, quotes and backslashes escaped). */
const arr = (values: string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
