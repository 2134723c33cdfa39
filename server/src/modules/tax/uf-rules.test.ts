import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TUfTaxRule, ufs } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser } from '../../db/factories.js';
import { loadReferenceTable } from '../reference/loaders/load-reference-tables.js';
import { bundledFile } from '../reference/loaders/reference-files.js';
import { assertEveryUfHasRule } from '../reference/loaders/uf-rules.js';

let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createUser(ctx.db, { role: 'Admin' });
  auth = bearer(await createSessionToken(ctx.db, admin.id));
});

const rules = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/public/tax/uf-rules', headers: auth })).json<TUfTaxRule[]>();

describe('per-UF state rules (reference-data/uf-tax-rules.csv, cbenef.csv)', () => {
  it('loads one rule per listed state with its source and validity', async () => {
    const byUf = Object.fromEntries((await rules()).map((r) => [r.uf, r]));
    // Every UF has a rule in force today (issue 21: a UF without one stops the load and the start).
    expect(Object.keys(byUf).sort()).toEqual([...ufs].sort());
    expect(byUf.PR).toMatchObject({ difalMethod: 'dupla', cbenefRequired: true, validFrom: '2019-02-01' });
    expect(byUf.PR?.source).toContain('Norma de Procedimento Fiscal 53/2018');
    expect(byUf.RJ).toMatchObject({ reliefFormula: 'por-dentro', difalFcpInGrossUp: true });
    expect(byUf.RJ?.source).toContain('Resolução SEFAZ-RJ 13/2019');
    expect(byUf.RS).toMatchObject({ difalMethod: 'dupla', reliefFormula: 'simples' });
    expect(byUf.DF).toMatchObject({ difalMethod: 'simples', validFrom: '2021-02-01' });
    expect(byUf.GO).toMatchObject({ difalMethod: 'dupla', validFrom: '2023-01-01' });
    expect(byUf.GO?.source).toContain('1.518/2022');
    expect(byUf.SC).toMatchObject({ difalMethod: 'dupla' });
    expect(byUf.RN).toMatchObject({ difalMethod: 'dupla', cbenefRequired: true });
    expect(byUf.SP).toMatchObject({ difalMethod: 'dupla', cbenefRequired: true });
    // Decision 048: TO's ICMS law was read — Lei 1.287/2001, art. 22, XVII ("o valor da operação ... para calcular o
    // imposto devido ao Estado de origem e ao de destino"), §1º, I (own tax in the base) and §9º ("a alíquota prevista
    // para a operação ou prestação interna no Estado de destino para estabelecer a base de cálculo").
    expect(byUf.TO).toMatchObject({ difalMethod: 'dupla', difalFcpInGrossUp: false });
    expect(byUf.TO?.source).toContain('Lei 1.287/2001 (TO), art. 22, XVII, §1º, I, e §9º');
    expect(byUf.TO?.source).not.toContain('não conferido');
    // Decision 052: MA's ICMS law was read — Lei 7.799/2002, art. 13, XVI (Lei 10.326/2015): the base of a sale from
    // another UF to a non-taxpayer in MA is the value of the operation 'devendo o montante do ICMS relativo à diferença
    // de alíquotas integrar a base de cálculo' (base = value + DIFAL, which the base dupla satisfies).
    expect(byUf.MA).toMatchObject({ difalMethod: 'dupla', difalFcpInGrossUp: false });
    expect(byUf.MA?.source).toContain('Lei 7.799/2002 (MA), art. 13, XVI, na redação da Lei 10.326/2015');
    expect(byUf.MA?.source).not.toContain('não conferido');
    // A sale to a non-taxpayer is LC 87 art. 13, X (art. 12, XVI); no row cites the taxpayer's own DIFAL (IX, §6º).
    for (const r of Object.values(byUf)) expect(r?.source).not.toContain('LC 87/1996, art. 13, IX');
    // The rows whose state article (or the part of it that fixes the method) is still unread say so, even where
    // decision 052 read part of the state's law (14 rows); CE: the method in Lei 18.665/2023 was not read.
    const unchecked = Object.values(byUf).filter((r) => /não conferid/.test(r?.source ?? ''));
    expect(unchecked.map((r) => r?.uf).sort()).toEqual('AC AL AM AP BA CE ES MG MS MT PA PB PE PI RO RR SE'.split(' '));
    // The official tables that could be sourced and checked (reference-data/README.md); DF, GO and RN load none.
    expect(byUf.SP?.cbenefCount).toBe(309);
    expect(byUf.PR?.cbenefCount).toBe(499);
    expect(byUf.RJ?.cbenefCount).toBe(649);
    expect(byUf.RS?.cbenefCount).toBe(507);
    expect(byUf.SC?.cbenefCount).toBe(642);
    for (const uf of ['DF', 'GO', 'RN']) expect(byUf[uf]?.cbenefCount).toBe(0);
    const src = await ctx.database.pool.query(
      "SELECT row_count, as_of FROM reference_sources WHERE table_name = 'cbenef'",
    );
    expect(src.rows[0]).toEqual({
      row_count: 309 + 499 + 649 + 507 + 642,
      as_of: expect.stringContaining('RJ 09/03/2026'),
    });
    const sp = await ctx.database.pool.query("SELECT csts, description FROM ref_cbenef WHERE code = 'SP010360'");
    expect(sp.rows[0]).toEqual({
      csts: ['30', '40'],
      description: 'Isenção - HORTIFRUTIGRANJEIROS (Artigo 036 do Anexo I do RICMS)',
    });
  });

  it('requires cBenef in GO, SC and RN only from the acts that instituted their tables', async () => {
    const required = async (uf: string, date: string) => {
      const { rows } = await ctx.database.pool.query(
        `SELECT cbenef_required FROM ref_uf_tax_rules WHERE uf = $1 AND active AND valid_from <= $2::date
           AND (valid_to IS NULL OR valid_to >= $2::date)`,
        [uf, date],
      );
      return rows.map((r) => r.cbenef_required);
    };
    // IN GSE 1.518/2022 art. 2º (IN 1.523/2022), Ato DIAT 79/2022, Portaria-SEI 970/2025: one rule in force each day.
    expect([await required('GO', '2022-12-31'), await required('GO', '2023-01-01')]).toEqual([[false], [true]]);
    expect([await required('SC', '2023-04-30'), await required('SC', '2023-05-01')]).toEqual([[false], [true]]);
    expect([await required('RN', '2025-09-30'), await required('RN', '2025-10-01')]).toEqual([[false], [true]]);
  });

  it("keeps each loaded table's 'NULO' row: the CSTs an item may carry without any cBenef", async () => {
    const { rows } = await ctx.database.pool.query(
      `SELECT uf, cbenef_optional_csts AS csts FROM ref_uf_tax_rules
        WHERE active AND valid_to IS NULL AND cbenef_optional_csts IS NOT NULL ORDER BY uf`,
    );
    expect(rows).toEqual([
      { uf: 'PR', csts: ['00', '10', '60', '90'] },
      { uf: 'RJ', csts: ['00', '10', '30', '41', '50', '60', '90'] },
      { uf: 'RS', csts: ['00', '02'] },
      { uf: 'SC', csts: ['00', '02', '10', '15', '53', '60', '61', '90'] },
    ]);
    const file = path.join(os.tmpdir(), `uf-tax-rules-nulo-${process.pid}.csv`);
    writeFileSync(file, readFileSync(bundledFile('uf-rules'), 'utf8').replace('S;00,02;', 'S;00,2x;'));
    await expect(loadReferenceTable(ctx.database.pool, 'uf-rules', { file })).rejects.toThrow(/Linha 28/);
  });

  // One row of each state's table as published, read back from the database (reference-data/cbenef.csv).
  it.each([
    ['PR800003', 'PR', ['30', '41'], '2018-08-01', null, 'Não incidência de que trata o inciso III'],
    ['PR830008', 'PR', ['51', '70'], '2018-08-01', null, 'Diferimento'],
    ['PR810086', 'PR', ['40'], '2018-08-01', '2018-08-02', 'item 86 do Anexo V'],
    ['RJ802008', 'RJ', ['20', '70'], '2019-04-01', null, 'Convênio ICM 15 de 1981 - Redução de Base de Cálculo'],
    ['RJ801019', 'RJ', ['30', '40'], '2025-01-01', '2025-07-31', 'Convênio ICMS 1 de 1999 - Isenção'],
    ['RJ823002', 'RJ', [], '2019-04-01', null, 'Convênio AE 15 de 1974 - Suspensão'],
    ['RS051001', 'RS', ['30', '40', '41'], '2016-10-01', null, 'ISENÇÃO - Saídas de reprodutores ou matrizes'],
    ['RS051007', 'RS', ['30', '40', '41'], '2016-10-01', '2025-12-31', 'insumos agropecuários'],
    ['RS052411', 'RS', ['53', '60', '61'], '2016-10-01', null, 'ICMS JÁ RECOLHIDO POR ST'],
    ['SC830073', 'SC', ['51'], '2023-05-01', null, 'RICMS/SC-01, Anexo 3, Art. 8º, III'],
    ['SC850001', 'SC', [], '2023-05-01', null, 'RICMS/SC-01, Anexo 2, Art. 15, III'],
    // Two rows of the source (01/01/2024–31/07/2025, then from 01/08/2025) with the same CSTs: one period.
    ['SC800022', 'SC', ['30', '41'], '2024-01-01', null, 'Ajuste SINIEF 33/2024'],
  ])('loads %s of %s with its CSTs and validity', async (code, uf, csts, from, to, text) => {
    const { rows } = await ctx.database.pool.query(
      'SELECT uf, csts, valid_from::text AS "from", valid_to::text AS "to", description FROM ref_cbenef WHERE code = $1',
      [code],
    );
    expect(rows[0]).toMatchObject({ uf, csts, from, to });
    expect(rows[0].description).toContain(text);
  });

  it('sees a change written by another process within a second (the cached facts check reference_versions)', async () => {
    const payload = {
      operacao: { ufOrigem: 'SP', ufDestino: 'MG', consumidorFinal: true, contribuinte: false },
      item: { vProd: 1000, icms: { cst: '00', pICMS: 12 } },
    };
    const calc = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/v1/public/tax/calculate', headers: auth, payload })).json();
    const { rows } = await ctx.database.pool.query("SELECT internal_rate::text AS r FROM ref_uf_rates WHERE uf = 'MG'");
    const before = await calc();
    // A plain UPDATE (not the loader): only the 0570 trigger's version row can tell this process.
    await ctx.database.pool.query("UPDATE ref_uf_rates SET internal_rate = internal_rate + 2 WHERE uf = 'MG'");
    try {
      await new Promise((r) => setTimeout(r, 1100));
      const after = await calc();
      // MG is base dupla: (1000 − 120) / 0.82 × 18 % − 120 = 73.17 before; (1000 − 120) / 0.80 × 20 % − 120 = 100.00 after.
      expect([before.vICMSUFDest, after.vICMSUFDest]).toEqual([73.17, 100]);
    } finally {
      await ctx.database.pool.query("UPDATE ref_uf_rates SET internal_rate = $1 WHERE uf = 'MG'", [rows[0].r]);
    }
  });

  it("changes a state's rule by reloading the file, not the code", async () => {
    const payload = {
      operacao: { ufOrigem: 'RJ', ufDestino: 'SP', consumidorFinal: true, contribuinte: false },
      item: { vProd: 1000, icms: { cst: '00', pICMS: 12 } },
    };
    const calc = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/v1/public/tax/calculate', headers: auth, payload })).json();
    // (1000 − 120) / 0.82 = 1073.17; × 18 % − 120 = 73.17
    expect(await calc()).toMatchObject({ vBCUFDest: 1073.17, vICMSUFDest: 73.17 });
    const file = path.join(os.tmpdir(), `uf-tax-rules-${process.pid}.csv`);
    const original = readFileSync(bundledFile('uf-rules'), 'utf8');
    writeFileSync(file, original.replace(/^SP;dupla;/gm, 'SP;simples;'));
    await loadReferenceTable(ctx.database.pool, 'uf-rules', { file });
    expect(await calc()).toMatchObject({ vBCUFDest: 1000, vICMSUFDest: 60 });
    const src = await ctx.database.pool.query("SELECT file_name FROM reference_sources WHERE table_name = 'uf-rules'");
    expect(src.rows[0].file_name).toBe(path.basename(file));
  });

  it('refuses a file that leaves a UF without a rule, and a database whose rules lack one at start-up', async () => {
    const file = path.join(os.tmpdir(), `uf-tax-rules-no-ac-${process.pid}.csv`);
    writeFileSync(file, readFileSync(bundledFile('uf-rules'), 'utf8').replace(/^AC;.*\n/m, ''));
    await expect(loadReferenceTable(ctx.database.pool, 'uf-rules', { file })).rejects.toThrow(
      /sem regra para as UFs AC/,
    );
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("UPDATE ref_uf_tax_rules SET active = false WHERE uf = 'TO'");
      await expect(assertEveryUfHasRule(client)).rejects.toThrow(/sem as UFs TO/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('refuses a file with an unknown DIFAL method and keeps the loaded rules', async () => {
    const file = path.join(os.tmpdir(), `uf-tax-rules-bad-${process.pid}.csv`);
    writeFileSync(file, readFileSync(bundledFile('uf-rules'), 'utf8').replace(/^PR;dupla;/m, 'PR;tripla;'));
    await expect(loadReferenceTable(ctx.database.pool, 'uf-rules', { file })).rejects.toThrow(/Linha 21/);
    expect((await rules()).find((r) => r.uf === 'PR')?.difalMethod).toBe('dupla');
  });
});
