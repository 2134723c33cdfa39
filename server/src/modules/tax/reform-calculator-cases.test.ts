import type { TTaxCalculateResponse } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

/*
 * The official calculator's own test cases, replayed through POST /tax/calculate.
 * Source: github.com/nfe/rtc-calculadora-offline, commit 12100712d67c2f44d107f2e72e8d8dbbd5ff3c24 (2026-03-18),
 * folder codigo-fonte-backend/src/test/ — `java/br/gov/serpro/rtc/testesintegracao/<group>/<Teste_X>.java` holds
 * the expected figures and `resources/entradas/<group>/<Teste_X>.json` the request. Each case below names its
 * file; the figures are copied from the JUnit assertions, not from our output.
 *
 * Mapping of the calculator's request to ours: `uf`/`municipio` → operacao.ufOrigem/ufDestino/cMunFG (an internal
 * sale in Porto Alegre, 4314902); `dataHoraEmissao` → operacao.data; `baseCalculo` → item.vProd with ICMS CST 41
 * and no PIS/COFINS group (so the UB16-10 base is the value itself, as the calculator's `baseCalculo`);
 * `tributacaoRegular` → ibscbs.gTribRegular; `impostoSeletivo` + `quantidade` → item.is with qTrib.
 * Where we answer differently on purpose, the case says so and decision 042 gives the reason.
 */
const URL = '/v1/public/tax/calculate';
const SRC = 'codigo-fonte-backend/src/test/java/br/gov/serpro/rtc/testesintegracao';
let ctx: TestContext;
let auth: Record<string, string>;

interface Case {
  data: string;
  ncm?: string;
  cst: string;
  cClassTrib: string;
  base?: number;
  qtd?: number;
  regular?: [string, string];
  is?: boolean;
}

const request = (c: Case) => ({
  operacao: {
    ufOrigem: 'RS',
    ufDestino: 'RS',
    consumidorFinal: false,
    contribuinte: true,
    data: c.data,
    cMunFG: '4314902',
  },
  item: {
    vProd: c.base ?? 200,
    ...(c.ncm ? { ncm: c.ncm } : {}),
    icms: { cst: '41' },
    ibscbs: {
      cst: c.cst,
      cClassTrib: c.cClassTrib,
      ...(c.regular ? { gTribRegular: { CSTReg: c.regular[0], cClassTribReg: c.regular[1] } } : {}),
    },
    ...(c.is ? { is: { CSTIS: '000', cClassTribIS: '000001', qTrib: c.qtd ?? 1 } } : {}),
  },
});
const calc = async (c: Case) => {
  const res = await ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload: request(c) });
  expect(res.json().errors).toBeUndefined();
  expect(res.statusCode).toBe(200);
  return res.json<TTaxCalculateResponse>();
};

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
});

type Rates = [p: number, v: number];
interface Expected {
  vBC: number;
  cbs: Rates;
  uf: Rates;
  mun: Rates;
  /** pRedAliq and pAliqEfet of CBS, IBS-UF, IBS-Mun; null: the calculator asserts no gRed. */
  red?: [number, number, number, number] | null;
  regular?: [cbs: Rates, uf: Rates, mun: Rates];
  /** vBCIS, pIS, pISEspec (null = absent), vIS */
  is?: [number, number, number | null, number];
}

function expectGroups(r: TTaxCalculateResponse, e: Expected) {
  const g = r.gIBSCBS!;
  expect(g.vBC).toBe(e.vBC);
  expect(r.vBCIBSCBS).toBe(e.vBC);
  expect([g.gCBS.pCBS, g.gCBS.vCBS]).toEqual(e.cbs);
  expect([g.gIBSUF.pIBSUF, g.gIBSUF.vIBSUF]).toEqual(e.uf);
  expect([g.gIBSMun.pIBSMun, g.gIBSMun.vIBSMun]).toEqual(e.mun);
  if (e.red === null) {
    expect(g.gCBS.gRed).toBeUndefined();
    expect(g.gIBSUF.gRed).toBeUndefined();
    expect(g.gIBSMun.gRed).toBeUndefined();
  } else if (e.red) {
    const [pRed, cbs, uf, mun] = e.red;
    expect(g.gCBS.gRed).toEqual({ pRedAliq: pRed, pAliqEfet: cbs });
    expect(g.gIBSUF.gRed).toEqual({ pRedAliq: pRed, pAliqEfet: uf });
    expect(g.gIBSMun.gRed).toEqual({ pRedAliq: pRed, pAliqEfet: mun });
  }
  if (e.regular) {
    const [cbs, uf, mun] = e.regular;
    expect(g.gTribRegular).toMatchObject({
      pAliqEfetRegCBS: cbs[0],
      vTribRegCBS: cbs[1],
      pAliqEfetRegIBSUF: uf[0],
      vTribRegIBSUF: uf[1],
      pAliqEfetRegIBSMun: mun[0],
      vTribRegIBSMun: mun[1],
    });
  } else expect(g.gTribRegular).toBeUndefined();
  if (e.is) {
    const [vBCIS, pIS, pISEspec] = e.is;
    expect(r.IS).toMatchObject({ vBCIS, pIS, pISEspec: pISEspec ?? 0 });
  } else expect(r.IS).toBeUndefined();
}

describe('the calculator\'s "calculoscorretos" cases (cbsibs/cclasstrib_*)', () => {
  const cases: [file: string, c: Case, e: Expected][] = [
    [
      'cclasstrib_000001/Teste_000001_1.java',
      { data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001' },
      { vBC: 200, cbs: [0.9, 1.8], uf: [0.1, 0.2], mun: [0, 0] },
    ],
    [
      'cclasstrib_000001/Teste_000001_2.java',
      { data: '2027-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001', is: true },
      { vBC: 247.3, cbs: [8.4, 20.77], uf: [0.05, 0.12], mun: [0.05, 0.12], is: [200, 13, 21.3, 47.3] },
    ],
    [
      'cclasstrib_000001/Teste_000001_3.java',
      { data: '2026-01-01', ncm: '24021000', cst: '550', cClassTrib: '550001', regular: ['000', '000001'] },
      {
        vBC: 200,
        cbs: [0.9, 0],
        uf: [0.1, 0],
        mun: [0, 0],
        regular: [
          [0.9, 1.8],
          [0.1, 0.2],
          [0, 0],
        ],
      },
    ],
    [
      'cclasstrib_000001/Teste_000001_5.java',
      { data: '2028-01-01', ncm: '09024000', cst: '000', cClassTrib: '000001' },
      { vBC: 200, cbs: [8.4, 16.8], uf: [0.05, 0.1], mun: [0.05, 0.1] },
    ],
    [
      'cclasstrib_000001/Teste_000001_6.java',
      { data: '2028-01-01', ncm: '87032100', cst: '000', cClassTrib: '000001', is: true },
      { vBC: 210.54, cbs: [8.4, 17.69], uf: [0.05, 0.11], mun: [0.05, 0.11], is: [200, 5.27, null, 10.54] },
    ],
    [
      'cclasstrib_000001/Teste_000001_7.java',
      { data: '2028-01-01', ncm: '09024000', cst: '550', cClassTrib: '550001', regular: ['000', '000001'] },
      {
        vBC: 200,
        cbs: [8.4, 0],
        uf: [0.05, 0],
        mun: [0.05, 0],
        red: null,
        regular: [
          [8.4, 16.8],
          [0.05, 0.1],
          [0.05, 0.1],
        ],
      },
    ],
    [
      'cclasstrib_200002/Teste_200002_1.java',
      { data: '2026-01-01', ncm: '24021000', cst: '200', cClassTrib: '200002' },
      { vBC: 200, cbs: [0.9, 0], uf: [0.1, 0], mun: [0, 0] },
    ],
    [
      'cclasstrib_200002/Teste_200002_2.java',
      { data: '2027-01-01', ncm: '24021000', cst: '200', cClassTrib: '200002', is: true },
      { vBC: 247.3, cbs: [8.4, 0], uf: [0.05, 0], mun: [0.05, 0], is: [200, 13, 21.3, 47.3] },
    ],
    [
      'cclasstrib_200002/Teste_200002_3.java',
      { data: '2026-01-01', ncm: '24021000', cst: '550', cClassTrib: '550001', regular: ['200', '200002'] },
      {
        vBC: 200,
        cbs: [0.9, 0],
        uf: [0.1, 0],
        mun: [0, 0],
        red: null,
        regular: [
          [0, 0],
          [0, 0],
          [0, 0],
        ],
      },
    ],
    [
      'cclasstrib_200032/Teste_200032_1.java',
      { data: '2026-01-01', ncm: '24021000', cst: '200', cClassTrib: '200032' },
      { vBC: 200, cbs: [0.9, 0.72], uf: [0.1, 0.08], mun: [0, 0], red: [60, 0.36, 0.04, 0] },
    ],
    [
      'cclasstrib_200032/Teste_200032_2.java',
      { data: '2027-01-01', ncm: '24021000', cst: '200', cClassTrib: '200032', is: true },
      {
        vBC: 247.3,
        cbs: [8.4, 8.31],
        uf: [0.05, 0.05],
        mun: [0.05, 0.05],
        red: [60, 3.36, 0.02, 0.02],
        is: [200, 13, 21.3, 47.3],
      },
    ],
    [
      'cclasstrib_200032/Teste_200032_3.java',
      { data: '2026-01-01', ncm: '24021000', cst: '550', cClassTrib: '550001', regular: ['200', '200032'] },
      {
        vBC: 200,
        cbs: [0.9, 0],
        uf: [0.1, 0],
        mun: [0, 0],
        red: null,
        regular: [
          [0.36, 0.72],
          [0.04, 0.08],
          [0, 0],
        ],
      },
    ],
  ];

  // CST 550 (suspension): the CST table says gIBSCBS=1, and the calculator answers the group with the regular
  // regime's nominal rates, zero values, no gRed and gTribRegular with the regular figures.
  for (const [file, c, e] of cases) it(`${SRC}/calculoscorretos/cbsibs/${file}`, () => replay(c, e));

  async function replay(c: Case, e: Expected) {
    const r = await calc(c);
    expectGroups(r, e);
    // The flat fields repeat the group's values.
    expect([r.vCBS, r.vIBSUF, r.vIBSMun]).toEqual([e.cbs[1], e.uf[1], e.mun[1]]);
    if (e.is) expect(r.IS?.vIS).toBe(e.is[3]);
  }

  // Suspension (CST 550) with the IS: the calculator keeps the IS in the CBS/IBS base (247.30) but answers
  // vIS 0 (CalculoTributoService: `if (temDesoneracao && impostoSeletivo != null) setVIS(ZERO)`). We charge the
  // IS by its own CSTIS (000, taxed), as NT 2025.002's UB01 group says; everything else agrees to the cent.
  const suspensionCases = [
    [
      'cclasstrib_000001/Teste_000001_4.java',
      { data: '2027-01-01', ncm: '24021000', regular: ['000', '000001'] },
      [
        [8.4, 20.77],
        [0.05, 0.12],
        [0.05, 0.12],
      ],
      [247.3, 200, 13, 21.3],
    ],
    [
      'cclasstrib_000001/Teste_000001_8.java',
      { data: '2028-01-01', ncm: '87032100', regular: ['000', '000001'] },
      [
        [8.4, 17.69],
        [0.05, 0.11],
        [0.05, 0.11],
      ],
      [210.54, 200, 5.27, null],
    ],
    [
      'cclasstrib_200002/Teste_200002_4.java',
      { data: '2027-01-01', ncm: '24021000', regular: ['200', '200002'] },
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      [247.3, 200, 13, 21.3],
    ],
    [
      'cclasstrib_200032/Teste_200032_4.java',
      { data: '2027-01-01', ncm: '24021000', regular: ['200', '200032'] },
      [
        [3.36, 8.31],
        [0.02, 0.05],
        [0.02, 0.05],
      ],
      [247.3, 200, 13, 21.3],
    ],
  ] as const;
  for (const [file, c, regular, is] of suspensionCases)
    it(`${SRC}/calculoscorretos/cbsibs/${file} (suspension with IS)`, async () => {
      const r = await calc({
        ...c,
        cst: '550',
        cClassTrib: '550001',
        is: true,
        regular: [c.regular[0], c.regular[1]],
      });
      const [vBC, vBCIS, pIS, pISEspec] = is;
      expectGroups(r, {
        vBC,
        cbs: [r.gIBSCBS!.gCBS.pCBS, 0],
        uf: [0.05, 0],
        mun: [0.05, 0],
        red: null,
        regular: regular.map((x) => [x[0], x[1]] as Rates) as Expected['regular'],
        is: [vBCIS, pIS, pISEspec, 0],
      });
      expect(r.gIBSCBS!.gCBS.pCBS).toBe(8.4);
      // Ours: the IS is charged (vBC − value = vIS); the calculator answers 0 here (decision 042).
      expect(r.IS?.vIS).toBe(Math.round((vBC - 200) * 100) / 100);
    });

  // The calculator answers vIBSMono = 10 × 1.47 (one adRemIBS, as the NT's gIBSCBSMono has one, rounded once:
  // CalculoCbsIbsService evaluates `quantidade × aliquota` to 2 places) = 14.70, not 12.50 + 2.21 = 14.71 from
  // rounding the IBS-UF (12.495) and IBS-Mun (2.205) parts apart.
  it(`${SRC}/calculoscorretos/cbsibs/cclasstrib_620001/Teste_620001_1.java: gasoline, 10 L`, async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: {
        ...request({ data: '2027-01-01', ncm: '27101259', cst: '620', cClassTrib: '620001' }),
        item: {
          vProd: 200,
          ncm: '27101259',
          icms: { cst: '41' },
          ibscbs: { cst: '620', cClassTrib: '620001', qBCMono: 10 },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    // qBCMono 10, adRemCBS 1.47, vCBSMono 14.70, vIBSMono 14.7 (IBS-UF 1.2495 + IBS-Mun 0.2205 per litre).
    expect(res.json().gIBSCBSMono).toMatchObject({ qBCMono: 10, adRemCBS: 1.47, vCBSMono: 14.7, vIBSMono: 14.7 });
    // The flat fields add up to the group's value (the municipal part is what the state part leaves).
    expect(res.json().vIBSUF + res.json().vIBSMun).toBeCloseTo(14.7, 10);
  });
});

describe('the calculator\'s "indicadores" cases (which group appears)', () => {
  it(`${SRC}/indicadores/Teste_indicador_gRed_1_presente.java: CST 200 (SITR_IND_GRED=1) has gRed`, async () => {
    const r = await calc({ data: '2026-01-01', ncm: '24021000', cst: '200', cClassTrib: '200002', base: 1000 });
    for (const g of [r.gIBSCBS!.gCBS, r.gIBSCBS!.gIBSUF, r.gIBSCBS!.gIBSMun]) {
      expect(g.gRed?.pRedAliq).toBeGreaterThan(0);
      expect(g.gRed?.pAliqEfet).toBeDefined();
    }
  });

  it(`${SRC}/indicadores/Teste_indicador_gRed_2_ausente.java: CST 000 has no gRed`, async () => {
    const r = await calc({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001', base: 1000 });
    expectGroups(r, { vBC: 1000, cbs: [0.9, 9], uf: [0.1, 1], mun: [0, 0], red: null });
  });

  it(`${SRC}/indicadores/Teste_indicador_gRed_3_tributacaoRegular.java: suspension has gTribRegular, no gRed`, async () => {
    const r = await calc({
      data: '2026-01-01',
      ncm: '24021000',
      cst: '550',
      cClassTrib: '550001',
      base: 1000,
      regular: ['200', '200002'],
    });
    expect(r.gIBSCBS!.gTribRegular).toBeDefined();
    expectGroups(r, {
      vBC: 1000,
      cbs: [0.9, 0],
      uf: [0.1, 0],
      mun: [0, 0],
      red: null,
      regular: [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
    });
  });

  const deferred = (pDif: number) =>
    ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: {
        ...request({ data: '2026-01-01', cst: '515', cClassTrib: '515001' }),
        item: {
          vProd: 1000,
          ncm: '31010000',
          icms: { cst: '41' },
          ibscbs: { cst: '515', cClassTrib: '515001', gDif: { pDifCBS: pDif, pDifIBSUF: pDif, pDifIBSMun: pDif } },
        },
      },
    });
  it(`${SRC}/indicadores/Teste_indicador_gRed_4_cst515.java: deferral of 100 % with reduction has gRed and gDif`, async () => {
    // The calculator takes pDif from the treatment's expression (TRATAMENTO_TRIBUTARIO 21: percentualDiferimento
    // "1.00", valorDiferimento "tributoCalculado*1.00"): all of it. NT 2025.002 has the issuer send pDif, and
    // allows 100 %: the same request with pDif 100.
    const res = await deferred(100);
    expect(res.json().errors).toBeUndefined();
    expect(res.statusCode).toBe(200);
    const g = res.json<TTaxCalculateResponse>().gIBSCBS!;
    for (const t of [g.gCBS, g.gIBSUF, g.gIBSMun]) {
      expect(t.gRed?.pRedAliq).toBe(60);
      expect(t.gDif).toBeDefined();
    }
    // 1000 × 0.9 % × (1 − 60 %) = 3.60, all of it deferred: vDif 3.60 (the calculator's tributoCalculado × 1.00).
    // vCBS = 3.60 − 3.60 = 0 by NT 2025.002 (the calculator's treatment answers tributoDevido = tributoCalculado
    // beside the deferral; decision 042). IBS-UF: 1000 × 0.1 % × 40 % = 0.40, all deferred.
    expect(g.gCBS).toMatchObject({
      pCBS: 0.9,
      gRed: { pRedAliq: 60, pAliqEfet: 0.36 },
      gDif: { pDif: 100, vDif: 3.6 },
    });
    expect(g.gIBSUF).toMatchObject({
      pIBSUF: 0.1,
      gRed: { pRedAliq: 60, pAliqEfet: 0.04 },
      gDif: { pDif: 100, vDif: 0.4 },
    });
    expect([g.gCBS.vCBS, g.gIBSUF.vIBSUF, g.gIBSMun.vIBSMun]).toEqual([0, 0, 0]);
  });

  it('deferral above 100 % is refused naming the field, and nothing is computed', async () => {
    const res = await deferred(100.01);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('gDif.pDifCBS deve ser no máximo 100%');
  });

  it('deferral of part of the tax (50 %) with reduction', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: {
        ...request({ data: '2026-01-01', cst: '515', cClassTrib: '515001' }),
        item: {
          vProd: 1000,
          ncm: '31010000',
          icms: { cst: '41' },
          ibscbs: { cst: '515', cClassTrib: '515001', gDif: { pDifCBS: 50, pDifIBSUF: 50, pDifIBSMun: 50 } },
        },
      },
    });
    expect(res.json().errors).toBeUndefined();
    const g = res.json<TTaxCalculateResponse>().gIBSCBS!;
    for (const t of [g.gCBS, g.gIBSUF, g.gIBSMun]) {
      expect(t.gRed?.pRedAliq).toBe(60);
      expect(t.gDif).toBeDefined();
    }
    // 1000 × 0.9 % × (1 − 60 %) = 3.60, half of it deferred: vDif 1.80, vCBS 1.80.
    expect(g.gCBS).toMatchObject({ pCBS: 0.9, gRed: { pRedAliq: 60, pAliqEfet: 0.36 }, gDif: { pDif: 50, vDif: 1.8 } });
    expect(g.gCBS.vCBS).toBe(1.8);
  });
});

describe('the calculator\'s "validacoes/negocio" cases (refusals), as 400s naming the field', () => {
  const refused = async (payload: object, field: string, message: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors ?? [])).toContain(field);
    expect(JSON.stringify(res.json())).toContain(message);
  };
  const v = (name: string) => `${SRC}/validacoes/negocio/Teste_validacao_${name}.java`;

  it(v('2_NcmNaoVinculadaException'), () =>
    refused(request({ data: '2026-01-01', ncm: '24021000', cst: '200', cClassTrib: '200003' }), 'item.ncm', 'NCM'),
  );
  it(v('7_ClassificacaoTributariaNaoEncontradaException'), () =>
    refused(request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '999999' }), 'cClassTrib', ''),
  );
  it(v('8_ClassificacaoTributariaNaoVinculadaException'), () =>
    refused(
      request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '200003' }),
      'item.ibscbs.cClassTrib',
      'não pertence ao CST 000',
    ),
  );
  it(v('9_AliquotaAdRemNaoEncontradaException'), () =>
    refused(
      {
        ...request({ data: '2026-01-01', cst: '620', cClassTrib: '620001' }),
        item: {
          vProd: 200,
          ncm: '24021000',
          icms: { cst: '41' },
          ibscbs: { cst: '620', cClassTrib: '620001', qBCMono: 1 },
        },
      },
      'item.ncm',
      'não tem alíquota ad rem',
    ),
  );
  it(v('10_SituacaoTributariaNaoEncontradaException'), () =>
    refused(request({ data: '2026-01-01', ncm: '24021000', cst: '999', cClassTrib: '999001' }), 'item.ibscbs.cst', ''),
  );
  it(v('11_NomenclaturaException'), () =>
    refused(
      request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000002' }),
      'item.ibscbs.cClassTrib',
      '',
    ),
  );
  it(v('12_IncompatibilidadeSuspensaoException'), () =>
    refused(
      request({ data: '2026-01-01', ncm: '24021000', cst: '550', cClassTrib: '550001', regular: ['550', '550001'] }),
      'item.ibscbs.gTribRegular',
      'suspens',
    ),
  );
  it(v('13_TributacaoRegularNaoInformadaException'), () =>
    refused(
      request({ data: '2026-01-01', ncm: '24021000', cst: '550', cClassTrib: '550001' }),
      'item.ibscbs.gTribRegular',
      'informe gTribRegular',
    ),
  );
  // 14_TributacaoRegularInformadaIndevidamenteException: the calculator's test expects the refusal ("Grupo de
  // tributação regular informado indevidamente"), though its code has the throw commented out (CalculadoraService.java
  // line 176). We refuse, as its test and NT 2025.002 rule UB68-11 (rejection 1114) do: 000001's indicator is 0.
  it(v('14_TributacaoRegularInformadaIndevidamenteException'), () =>
    refused(
      request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001', regular: ['000', '000001'] }),
      'item.ibscbs.gTribRegular',
      'não admite a tributação regular',
    ),
  );
  // One item through 2026–2033 (POST /tax/transition, the catalogue simulation) settles its IS group per year
  // itself (none in 2026, the IS table's from 2027): see transition.test.ts.
  it(v('15_ImpostoSeletivoNaoInformadoException'), () =>
    refused(
      request({ data: '2027-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001' }),
      'item.is',
      'Imposto Seletivo',
    ),
  );
  it(v('16_ImpostoSeletivoInformadoIndevidamenteException'), () =>
    refused(
      request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001', is: true }),
      'item.is',
      'a partir de 01/01/2027',
    ),
  );
  it(v('17_MunicipioNaoEncontradoException'), async () => {
    const body = request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001' });
    await refused({ ...body, operacao: { ...body.operacao, cMunFG: '9999990' } }, 'operacao.cMunFG', '');
  });
  it(v('18_UfNaoEncontradaException'), async () => {
    const body = request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001' });
    await refused({ ...body, operacao: { ...body.operacao, ufDestino: 'RX' } }, 'operacao.ufDestino', '');
  });
  it(v('19_MunicipioNaoPertencenteException'), async () => {
    const body = request({ data: '2026-01-01', ncm: '24021000', cst: '000', cClassTrib: '000001' });
    await refused(
      { ...body, operacao: { ...body.operacao, ufOrigem: 'RJ', ufDestino: 'RJ' } },
      'operacao.cMunFG',
      'não é um município da UF de destino RJ',
    );
  });
});
