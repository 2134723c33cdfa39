import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { createFiscalRule } from '../db/factories.js';
import { demoRuleItems } from './seed-demo-trades.js';

/**
 * Base rules for the NCMs the demo companies sell (seed-demo-trades.ts) in all 27 UFs: rates from the official UF
 * table, ICMS-ST with the item's MVA where its segment has it, PIS/COFINS by the item's treatment (normal,
 * alíquota zero, monofásico); the cesta básica base reduction of SP and RS; a few named rules; a version history
 * on some SP rules. Set-based SQL.
 */
export async function seedDemoFiscal(db: Db): Promise<void> {
  const items = demoRuleItems();
  const existing = await db.execute<{ n: number }>(
    sql`SELECT count(DISTINCT ncm)::int AS n FROM fiscal_rules WHERE NOT is_named AND ncm IN ${items.map((i) => i.ncm)}`,
  );
  if ((existing.rows[0]?.n ?? 0) >= items.length) return;
  const picked = JSON.stringify(items.map((i) => ({ ncm: i.ncm, cest: i.cest, pis: i.pis, mva: i.mva ?? null })));

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      WITH picked AS (
        SELECT * FROM jsonb_to_recordset(${picked}::jsonb) AS p(ncm text, cest text, pis text, mva numeric)
      ), src AS (
        SELECT gen_random_uuid() AS rule_id, gen_random_uuid() AS version_id, p.ncm, p.cest, u.uf,
               u.internal_rate, u.fcp_rate, p.pis,
               p.mva IS NOT NULL AS has_st,
               p.mva AS iva,
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
               CASE pis WHEN 'normal' THEN NULL ELSE '999' END,
               CASE pis WHEN 'normal' THEN 1.65 ELSE 0 END,
               CASE pis WHEN 'normal' THEN '50' WHEN 'zero' THEN '73' ELSE '70' END,
               CASE pis WHEN 'normal' THEN '01' WHEN 'zero' THEN '06' ELSE '04' END,
               CASE pis WHEN 'normal' THEN 7.60 ELSE 0 END,
               CASE pis WHEN 'normal' THEN '50' WHEN 'zero' THEN '73' ELSE '70' END,
               CASE pis WHEN 'normal' THEN '01' WHEN 'zero' THEN '06' ELSE '04' END,
               0, '999', '03', '53',
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

    // Version history: the SP rules of 5 NCMs had 17% then 18% before today's version (dated periods).
    await tx.execute(sql`
      WITH target AS (
        SELECT r.id, r.current_version_id FROM fiscal_rules r
         WHERE r.uf = 'SP' AND NOT r.is_named ORDER BY r.ncm LIMIT 5
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

    // Every base rule above keeps the full-rate IBS/CBS code (CST 000, cClassTrib 000001), rice (1006.30.21) and
    // beans included although LC 214/2025 Anexo I (art. 125) gives them 200003: on purpose, so the catalogue
    // health check has a real CCLASSTRIB_ANNEX_IGNORED case to show (decision 062).
    // Cesta básica (issue 13): rice and beans sold inside SP and RS carry 7 % of ICMS through a base reduction
    // (RICMS/SP Anexo II art. 3; RICMS/RS Livro I art. 23, II), so CST 20 with the UF's cBenef code.
    await tx.execute(sql`
      UPDATE fiscal_rule_versions v
         SET cst_icms = '20', red_bc_icms = round((1 - 7 / v.aliq_icms) * 100, 2),
             cod_benef = CASE v.uf WHEN 'SP' THEN 'SP020030' ELSE 'RS051601' END
        FROM fiscal_rules r
       WHERE r.id = v.fiscal_rule_id AND NOT r.is_named AND v.uf IN ('SP', 'RS')
         AND v.ncm IN ('10063021', '07133319') AND v.aliq_icms > 7`);
  });

  // Named rules: specific treatments a partner reuses (created Checked, spec 02 §4).
  const named = [
    { ncm: '22030000', cest: '0302100', name: 'Cerveja - ST retida pelo fabricante SP', iva: '70.0000', pis: 'mono' },
    {
      ncm: '30049069',
      cest: '1300200',
      name: 'Medicamento genérico - monofásico com ST SP',
      iva: '33.0000',
      pis: 'mono',
    },
    { ncm: '87083090', cest: '0107500', name: 'Autopeças - ST Protocolo ICMS 41/2008 SP', iva: '71.7800', pis: 'mono' },
    { ncm: '34025000', cest: '1100700', name: 'Detergente - ST produtos de limpeza SP', iva: '40.0000', pis: 'normal' },
  ] as const;
  for (const rule of named) {
    const isMono = rule.pis === 'mono';
    await createFiscalRule(db, {
      ncm: rule.ncm,
      cest: rule.cest,
      uf: 'SP',
      description: rule.name,
      validFrom: new Date('2026-01-01T03:00:00Z'),
      version: {
        cstIcms: '60',
        cstCsosn: '500',
        aliqIcms: '18.0000',
        aliqIcmsSt: '18.0000',
        iva: rule.iva,
        cfopSaida: '5405',
        cfopEntrada: '1403',
        ...(isMono
          ? {
              pisCstEntrada: '70',
              pisCstSaida: '04',
              aliqPis: '0.0000',
              cofinsCstEntrada: '70',
              cofinsCstSaida: '04',
              aliqCofins: '0.0000',
            }
          : {}),
      },
    });
  }
}
