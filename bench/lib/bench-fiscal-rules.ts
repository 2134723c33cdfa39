import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.js';
import { createFiscalRule } from '../../server/src/db/factories.js';

const NCM_COUNT = 300;
// Chapters where retail catalogues live (food, drinks, hygiene, pharma, hardware, electronics, auto parts…).
const CHAPTERS = [
  '02',
  '04',
  '09',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '30',
  '33',
  '34',
  '39',
  '40',
  '48',
  '64',
  '69',
  '73',
  '84',
  '85',
  '87',
  '94',
  '95',
  '96',
];

/**
 * The benchmark's rule set, kept as it was when the recorded numbers were taken (the demo seed now follows
 * the demo companies' trades, issue 13). Base rules for a few hundred common NCMs in all 27 UFs (rates from the official UF table; about a third of the
 * NCMs that have a CEST get ICMS-ST with an MVA), some named rules, and a version history on the SP rules of the
 * first NCMs. Set-based SQL: ~8,000 rules in one statement instead of 16,000 round trips.
 */
export async function seedBenchFiscalRules(db: Db): Promise<void> {
  const existing = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fiscal_rules WHERE NOT is_named`);
  if ((existing.rows[0]?.n ?? 0) >= NCM_COUNT) return;

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      WITH picked AS (
        SELECT n.code AS ncm,
               (SELECT c.code FROM ref_cest c
                 WHERE c.active AND c.ncm_prefixes && ARRAY[left(n.code,2), left(n.code,4), left(n.code,5), left(n.code,6), left(n.code,7), n.code]
                 ORDER BY c.code LIMIT 1) AS cest
          FROM ref_ncm n
         WHERE n.level = 8 AND n.active AND n.end_date IS NULL AND left(n.code, 2) IN ${CHAPTERS}
         ORDER BY md5(n.code)
         LIMIT ${NCM_COUNT}
      ), src AS (
        SELECT gen_random_uuid() AS rule_id, gen_random_uuid() AS version_id, p.ncm, p.cest, u.uf,
               u.internal_rate, u.fcp_rate,
               (p.cest IS NOT NULL AND abs(hashtext(p.ncm)) % 3 = 0) AS has_st,
               (30 + (abs(hashtext(p.ncm)) % 6) * 8)::numeric AS iva,
               abs(hashtext(p.ncm || u.uf)) % 10 < 3 AS checked
          FROM picked p CROSS JOIN ref_uf_rates u
         WHERE u.active
      ), versions AS (
        INSERT INTO fiscal_rule_versions (
          id, fiscal_rule_id, valid_from, ncm, cest, uf,
          nri, aliq_pis, pis_cst_entrada, pis_cst_saida, aliq_cofins, cofins_cst_entrada, cofins_cst_saida,
          ipi_aliq, ipi_cod_enq, ipi_cst_entrada, ipi_cst_saida,
          cbs_cst, cbs_cclass_trib, cbs_aliq, ibs_aliq_uf, ibs_aliq_mun,
          cfop_entrada, cfop_saida, cst_icms, cst_csosn, aliq_icms, aliq_icms_st, iva, mva_ajustado_4, mva_ajustado_12,
          fcp, tp_calc_difal)
        SELECT version_id, rule_id, timestamptz '2026-01-01 00:00:00-03', ncm, cest, uf,
               '999', 1.65, '50', '01', 7.60, '50', '01',
               CASE WHEN left(ncm, 2) IN ('84', '85', '87') THEN 5 ELSE 0 END, '999', '00', '50',
               '000', '000001', 0.9, 0.1, 0,
               CASE WHEN has_st THEN '1403' ELSE '1102' END, CASE WHEN has_st THEN '5405' ELSE '5102' END,
               CASE WHEN has_st THEN '60' ELSE '00' END, CASE WHEN has_st THEN '500' ELSE '102' END,
               internal_rate, CASE WHEN has_st THEN internal_rate END, CASE WHEN has_st THEN iva END,
               CASE WHEN has_st THEN round(((1 + iva / 100) * 0.96 / (1 - internal_rate / 100) - 1) * 100, 2) END,
               CASE WHEN has_st THEN round(((1 + iva / 100) * 0.88 / (1 - internal_rate / 100) - 1) * 100, 2) END,
               fcp_rate, 1
          FROM src
        RETURNING id
      )
      INSERT INTO fiscal_rules (id, is_named, ncm, cest, uf, status, current_version_id, created_at, updated_at)
      SELECT rule_id, false, ncm, cest, uf, CASE WHEN checked THEN 'Checked' ELSE 'Unchecked' END, version_id,
             timestamptz '2026-01-01 00:00:00-03', timestamptz '2026-01-01 00:00:00-03'
        FROM src`);

    // Version history: the SP rules of 20 NCMs had 17% then 18% before today's version (dated periods).
    await tx.execute(sql`
      WITH target AS (
        SELECT r.id, r.current_version_id FROM fiscal_rules r
         WHERE r.uf = 'SP' AND NOT r.is_named ORDER BY r.ncm LIMIT 20
      ), older AS (
        SELECT t.id AS rule_id, v.*, g.valid_from AS h_from, g.valid_to AS h_to, g.rate
          FROM target t JOIN fiscal_rule_versions v ON v.id = t.current_version_id
          CROSS JOIN (VALUES (timestamptz '2025-01-01 00:00:00-03', timestamptz '2025-07-01 00:00:00-03', 17.0),
                             (timestamptz '2025-07-01 00:00:00-03', timestamptz '2026-01-01 00:00:00-03', 18.0)) AS g(valid_from, valid_to, rate)
      )
      INSERT INTO fiscal_rule_versions (id, fiscal_rule_id, valid_from, valid_to, ncm, cest, uf, nri, aliq_pis,
        pis_cst_entrada, pis_cst_saida, aliq_cofins, cofins_cst_entrada, cofins_cst_saida, ipi_aliq, ipi_cod_enq,
        ipi_cst_entrada, ipi_cst_saida, cfop_entrada, cfop_saida, cst_icms, cst_csosn, aliq_icms, aliq_icms_st, iva, fcp)
      SELECT gen_random_uuid(), rule_id, h_from, h_to, ncm, cest, uf, nri, aliq_pis, pis_cst_entrada, pis_cst_saida,
             aliq_cofins, cofins_cst_entrada, cofins_cst_saida, ipi_aliq, ipi_cod_enq, ipi_cst_entrada, ipi_cst_saida,
             cfop_entrada, cfop_saida, cst_icms, cst_csosn, rate, CASE WHEN aliq_icms_st IS NOT NULL THEN rate END, iva, fcp
        FROM older`);
  });

  // Named rules: specific treatments a partner wants to reuse (created Checked, spec 02 §4).
  const named = await db.execute<{ ncm: string; cest: string | null }>(sql`
    SELECT ncm, cest FROM fiscal_rules WHERE NOT is_named AND uf = 'SP' AND cest IS NOT NULL ORDER BY ncm LIMIT 4`);
  const names = [
    'Substituição tributária SP - varejo',
    'Regra especial distribuidor SP',
    'Produtos com MVA reduzida SP',
    'Revenda com ST recolhida SP',
  ];
  for (const [i, row] of named.rows.entries()) {
    await createFiscalRule(db, {
      ncm: row.ncm,
      cest: row.cest,
      uf: 'SP',
      description: names[i]!,
      validFrom: new Date('2026-01-01T03:00:00Z'),
      version: {
        cstIcms: '60',
        cstCsosn: '500',
        aliqIcms: '18.0000',
        aliqIcmsSt: '18.0000',
        iva: '40.0000',
        cfopSaida: '5405',
        cfopEntrada: '1403',
      },
    });
  }
}
