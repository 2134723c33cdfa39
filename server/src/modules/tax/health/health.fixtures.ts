import type { Db } from '../../../db/client.js';
import { createFiscalRule, createProduct, generateGtin14 } from '../../../db/factories.js';

/** IBS/CBS fields a clean 2026 rule carries (CST 000, cClassTrib 000001: tributação integral). */
const cleanCbs = { cbsCst: '000', cbsCClassTrib: '000001' };

/** A GTIN with its check digit changed: exactly what rejection 611 catches. */
export function breakGtin(gtin: string): string {
  const last = Number(gtin.slice(-1));
  return gtin.slice(0, -1) + String((last + 1) % 10);
}

/** Two clean products: one classified under a complete rule, one pending with a valid NCM. */
export async function seedCleanCatalogue(db: Db, companyId: string) {
  const rule = await createFiscalRule(db, { ncm: '22021000', cest: '0300700', uf: 'SP', version: cleanCbs });
  await createProduct(db, { companyId, fiscalRuleId: rule.id, gtin: generateGtin14() });
  await createProduct(db, { companyId, ncm: '22030000' });
  // RJ's table is loaded: RJ802008 (Convênio ICM 15/1981, redução de base) is allowed with CST 20.
  const rj = await createFiscalRule(db, {
    ncm: '22021000',
    cest: '0300700',
    uf: 'RJ',
    version: { ...cleanCbs, cstIcms: '20', codBenef: 'RJ802008' },
  });
  await createProduct(db, { companyId, fiscalRuleId: rj.id, gtin: generateGtin14() });
  // GO's cBenef table is not loaded (reference-data/README.md): its codes cannot be verified, so neither
  // 'cBenef inválido' nor a missing cBenef is reported for them.
  const go = await createFiscalRule(db, {
    ncm: '22021000',
    cest: '0300700',
    uf: 'GO',
    version: { ...cleanCbs, cstIcms: '20', codBenef: 'GO821019' },
  });
  await createProduct(db, { companyId, fiscalRuleId: go.id, gtin: generateGtin14() });
}

/** Per state whose table is loaded: a code with an allowed CST, with another CST, not in the table, and none. */
export const stateCbenefCases = [
  { uf: 'PR', code: 'PR810001', okCst: '40', badCst: '20' },
  { uf: 'RJ', code: 'RJ802008', okCst: '20', badCst: '40' },
  { uf: 'RS', code: 'RS051001', okCst: '40', badCst: '20' },
  { uf: 'SC', code: 'SC810165', okCst: '40', badCst: '20' },
] as const;

/** Products for stateCbenefCases, each with the finding it must produce (null: none). */
export async function seedStateCbenefCatalogue(db: Db, companyId: string) {
  const made: { productId: string; kind: 'CBENEF_INVALID' | 'CBENEF_MISSING' | null; detail: string }[] = [];
  let n = 0;
  const product = async (uf: string, cstIcms: string, codBenef: string | null) => {
    const rule = await createFiscalRule(db, {
      ncm: '22021000',
      cest: '0300700',
      uf,
      description: `Regra cBenef por UF ${++n}`,
      version: { ...cleanCbs, cstIcms, codBenef },
    });
    return (await createProduct(db, { companyId, fiscalRuleId: rule.id })).id;
  };
  for (const c of stateCbenefCases) {
    made.push({ productId: await product(c.uf, c.okCst, c.code), kind: null, detail: '' });
    made.push({
      productId: await product(c.uf, c.badCst, c.code),
      kind: 'CBENEF_INVALID',
      detail: `cBenef ${c.code} (UF ${c.uf}, CST ${c.badCst})`,
    });
    const unknown = `${c.uf}899999`;
    made.push({
      productId: await product(c.uf, c.okCst, unknown),
      kind: 'CBENEF_INVALID',
      detail: `cBenef ${unknown} (UF ${c.uf}, CST ${c.okCst})`,
    });
    // CST 40 (isenção) without a code: every one of these tables asks a code (or 'SEM CBENEF') for it.
    made.push({ productId: await product(c.uf, '40', null), kind: 'CBENEF_MISSING', detail: `UF ${c.uf}, CST 40` });
  }
  // CSTs some code allows but the table's 'NULO' row also lets go without any cBenef (uf-tax-rules.csv
  // csts_sem_cbenef): RJ 50 and 90, RS 02. Not a missing cBenef.
  for (const [uf, cst] of [
    ['RJ', '50'],
    ['RJ', '90'],
    ['RS', '02'],
  ] as const)
    made.push({ productId: await product(uf, cst, null), kind: null, detail: '' });
  return made;
}

/**
 * One product per rejection rule (issue 14 §3), keyed by the finding it must produce. Each is
 * otherwise clean, so the check must find exactly one finding per product.
 */
export async function seedDirtyCatalogue(db: Db, companyId: string) {
  let n = 0;
  // Named rules: several may share one NCM/CEST/UF (base rules are unique per key).
  const withRule = async (version: Record<string, unknown>, uf = 'SP', extra: Record<string, unknown> = {}) => {
    const rule = await createFiscalRule(db, {
      ncm: '22021000',
      cest: '0300700',
      uf,
      description: `Regra de saúde fiscal ${++n}`,
      version: { ...cleanCbs, ...version },
    });
    return (await createProduct(db, { companyId, fiscalRuleId: rule.id, ...extra })).id;
  };
  const annexRule = async (ncm: string, version: Record<string, unknown> = {}) => {
    const rule = await createFiscalRule(db, {
      ncm,
      uf: 'SP',
      description: `Regra de saúde fiscal ${++n}`,
      version: { ...cleanCbs, ...version },
    });
    return (await createProduct(db, { companyId, fiscalRuleId: rule.id })).id;
  };
  return {
    NCM_MISSING: (await createProduct(db, { companyId, internalCode: 'SEM-NCM' })).id,
    NCM_NOT_IN_FORCE: (await createProduct(db, { companyId, ncm: '99999999' })).id,
    GTIN_INVALID: (await createProduct(db, { companyId, ncm: '22030000', gtin: breakGtin(generateGtin14()) })).id,
    CEST_NCM_MISMATCH: (await createProduct(db, { companyId, ncm: '22021000', cest: '0100100' })).id,
    CST_CFOP_MISMATCH: await withRule({ cstIcms: '60', cfopSaida: '5102' }),
    // SP's table (reference-data/cbenef.csv) has codes for CST 40; SP010360 allows only 30 and 40.
    CBENEF_MISSING: await withRule({ cstIcms: '40' }),
    CBENEF_INVALID: await withRule({ cstIcms: '20', codBenef: 'SP010360' }),
    CCLASSTRIB_MISSING: await withRule({ cbsCClassTrib: null }),
    CCLASSTRIB_NOT_IN_FORCE: await withRule({ cbsCClassTrib: '000999' }),
    CCLASSTRIB_CST_MISMATCH: await withRule({ cbsCClassTrib: '200003' }),
    // Rice (NCM 1006.30.21) is in LC 214/2025 Anexo I (cesta básica, art. 125): 000001 ignores it.
    CCLASSTRIB_ANNEX_IGNORED: await annexRule('10063021'),
    IBSCBS_MISSING: await withRule({ cbsCst: null, cbsCClassTrib: null }),
  };
}

/**
 * Products for the cClassTrib-by-annex rule (decision 062), each with the code(s) the check must propose
 * (null: no finding). Sources: LC 214/2025 and Receita's NCM applicability table (reference-data/rtc).
 */
export async function seedAnnexCatalogue(db: Db, companyId: string) {
  let n = 0;
  const product = async (ncm: string, version: Record<string, unknown> = {}) => {
    const rule = await createFiscalRule(db, {
      ncm,
      uf: 'SP',
      description: `Regra de anexo ${++n}`,
      version: { ...cleanCbs, ...version },
    });
    return (await createProduct(db, { companyId, fiscalRuleId: rule.id, ncm })).id;
  };
  return {
    // Arroz semibranqueado (1006.30.21): Anexo I, item 1 (cesta básica, art. 125, alíquota zero → 200003);
    // chapter 10 is also in Anexo IX (insumos agropecuários, art. 138 → 200038), less specific, so second.
    rice: { id: await product('10063021'), proposed: ['200003', '200038'] },
    // Iogurte (0403.20.00): Anexo VII, item 2 (alimentos com redução de 60 %, art. 135 → 200034).
    yogurt: { id: await product('04032000'), proposed: ['200034'] },
    // Coxas de peru (0207.26.00): Anexo I (carnes, art. 125) lists heading 0207 without 0207.43.00/0207.53.00.
    turkey: { id: await product('02072600'), proposed: ['200003'] },
    // Fígados gordos de pato (0207.43.00): excluded from Anexo I's 0207 row; no other annex has it.
    duckLiver: { id: await product('02074300'), proposed: null },
    // Rice already under the annex code (CST 200, 200003): nothing to propose.
    riceReduced: { id: await product('10063021', { cbsCst: '200', cbsCClassTrib: '200003' }), proposed: null },
    // Água mineral (2201.10.00): in no annex of the law, full rate is right.
    water: { id: await product('22011000'), proposed: null },
  };
}
