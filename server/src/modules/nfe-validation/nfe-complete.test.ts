import type { TNfeCompleteResponse, TNfeValidationResponse } from '@app/contract';
import { el, nodeToXml, type SampleNfe, sampleNfe, type XNode } from '@app/tax-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { parseXmlTree } from './nfe-xml-scan.js';

// POST /nfe/complete (issue 36, decision 068): an NF-e whose items carry only what the issuer decides comes back
// with its taxes and totals computed by the engine, then passes POST /nfe/validate (the official XSD included,
// rejection 225) with no rejection. Fresh database with the official tables loaded.
let ctx: TestContext;
let auth: Record<string, string>;

interface Line {
  prod: Record<string, string>;
  imposto: XNode[];
}

/**
 * A skeleton of sampleNfe (ide, emit, dest, transp, pag) with each det replaced by the issuer's own line. `vPag` is
 * what the ERP says was paid (the payment stays the issuer's: the service does not adjust it to the new vNF).
 */
function draft(
  { vPag, ...s }: Omit<SampleNfe, 'items'> & { vPag?: string },
  lines: Line[],
  edit?: (nfe: XNode) => void,
): string {
  const t = sampleNfe({ ...s, items: lines.map(() => ({ vProd: '1.00', icms: { cst: '41' } })) });
  const infNFe = t.children[0]!;
  if (vPag) infNFe.children.find((c) => c.name === 'pag')!.children[0]!.children[1]!.text = vPag;
  let i = 0;
  infNFe.children = infNFe.children.map((c) => {
    if (c.name === 'total') return el('total', [el('ICMSTot', [el('vNF', '0.00')])]);
    if (c.name !== 'det') return c;
    const line = lines[i++]!;
    const prod = el('prod', [
      el('cProd', `P${i}`),
      el('cEAN', 'SEM GTIN'),
      el('xProd', `PRODUTO ${i}`),
      el('NCM', line.prod.NCM ?? '22021000'),
      el('CFOP', line.prod.CFOP ?? '5102'),
      el('uCom', 'UN'),
      el('qCom', '1.0000'),
      el('vUnCom', line.prod.vProd!),
      el('vProd', line.prod.vProd!),
      el('cEANTrib', 'SEM GTIN'),
      el('uTrib', 'UN'),
      el('qTrib', '1.0000'),
      el('vUnTrib', line.prod.vProd!),
      ...['vFrete', 'vSeg', 'vDesc', 'vOutro'].map((tag) => (line.prod[tag] ? el(tag, line.prod[tag]) : undefined)),
      el('indTot', '1'),
    ]);
    return el('det', [prod, el('imposto', line.imposto)], c.attrs);
  });
  edit?.(t);
  return `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(t)}`;
}

const icms = (group: string, leaves: Record<string, string>) =>
  el('ICMS', [el(group, [el('orig', '0'), ...Object.entries(leaves).map(([k, v]) => el(k, v))])]);
const ibscbs = (cst: string, cClassTrib: string) => el('IBSCBS', [el('CST', cst), el('cClassTrib', cClassTrib)]);

const post = (url: string, payload: string | Buffer, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: url + query,
    headers: { ...auth, 'content-type': 'application/xml' },
    payload,
  });
const complete = (xml: string | Buffer) => post('/v1/public/nfe/complete', xml);

/** The text at a slash path under the completed NFe/infNFe (det[n] picks the n-th item). */
function at(xml: string, path: string): string | undefined {
  let node: XNode | undefined = parseXmlTree(xml).children.find((c) => c.name === 'infNFe');
  for (const step of path.split('/')) {
    const m = /^(\w+)\[(\d+)\]$/.exec(step);
    node = m
      ? node?.children.filter((c) => c.name === m[1])[Number(m[2]) - 1]
      : node?.children.find((c) => c.name === step);
  }
  return node?.text;
}

/** ICMSTot's monophasic totals and vNF of a completed XML, as [tag, value] in the document's order. */
const totals = (xml: string) =>
  ['qBCMono', 'vICMSMono', 'qBCMonoReten', 'vICMSMonoReten', 'qBCMonoRet', 'vICMSMonoRet', 'vNF'].flatMap((tag) => {
    const v = at(xml, `total/ICMSTot/${tag}`);
    return v === undefined ? [] : [[tag, v]];
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
});

const contribuinteSP = { cnpj: '11444777000161', uf: 'SP', contribuinte: true };

/*
 * Invoice A, SP → SP between taxpayers on 10/03/2026. Items 1–3 are the three lines worked by hand in
 * tax-engine/src/nfe-invoice/calculate-nfe.test.ts (LC 87/1996 art. 13; NT 2016.002 FCP-ST; NT 2023.004
 * relief; NT 2025.002 UB16-10 base; LC 214/2025 arts. 343 and 346 rates of 2026). Item 4 is Receita's calculator
 * case codigo-fonte-backend/src/test/java/br/gov/serpro/rtc/testesintegracao/cclasstrib_200032/Teste_200032_1.java
 * (base 200, 60 % reduction: CBS 0.72, IBS-UF 0.08), item 5 its indicadores/Teste_indicador_gRed_4_cst515.java
 * (base 1000, 515001: 60 % reduction and the table's 100 % deferral, LC 214/2025 art. 138 § 2º) — both replayed in
 * server/src/modules/tax/reform-calculator-cases.test.ts; here item 5 sends no gDif at all.
 */
const invoiceA = draft(
  {
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: contribuinteSP,
    data: '2026-03-10',
    vPag: '3066.25',
  },
  [
    {
      prod: { vProd: '1000.00', vFrete: '50.00', vDesc: '10.00' },
      imposto: [
        icms('ICMS00', { CST: '00', modBC: '3', pICMS: '18.00' }),
        el('IPI', [el('cEnq', '999'), el('IPITrib', [el('CST', '50'), el('pIPI', '10.00')])]),
        ibscbs('000', '000001'),
      ],
    },
    {
      prod: { vProd: '500.00', vSeg: '5.00', vOutro: '2.50', CFOP: '5401' },
      imposto: [
        icms('ICMS10', { CST: '10', pICMS: '18.00', modBCST: '4', pMVAST: '40.00', pICMSST: '18.00', pFCPST: '2.00' }),
      ],
    },
    // ICMS40 carries no rate in the layout: the rate of the relief is stated in the group for the engine.
    { prod: { vProd: '200.00' }, imposto: [icms('ICMS40', { CST: '40', pICMS: '18.00', motDesICMS: '9' })] },
    { prod: { vProd: '200.00', NCM: '24021000' }, imposto: [icms('ICMS40', { CST: '41' }), ibscbs('200', '200032')] },
    { prod: { vProd: '1000.00', NCM: '31010000' }, imposto: [icms('ICMS40', { CST: '41' }), ibscbs('515', '515001')] },
  ],
);

describe('POST /nfe/complete: invoices completed to the cent, then valid under /nfe/validate', () => {
  let a: TNfeCompleteResponse;
  beforeAll(async () => {
    const res = await complete(invoiceA);
    expect(res.json().errors).toBeUndefined();
    expect(res.statusCode).toBe(200);
    a = res.json();
  });

  it('A: every item as the engine’s worked examples', () => {
    const x = a.xml;
    expect([at(x, 'det[1]/imposto/ICMS/ICMS00/vBC'), at(x, 'det[1]/imposto/ICMS/ICMS00/vICMS')]).toEqual([
      '1040.00',
      '187.20',
    ]);
    expect(at(x, 'det[1]/imposto/IPI/IPITrib/vIPI')).toBe('104.00');
    expect(at(x, 'det[1]/imposto/IBSCBS/gIBSCBS/vBC')).toBe('852.80');
    expect(at(x, 'det[1]/imposto/IBSCBS/gIBSCBS/gCBS/vCBS')).toBe('7.68');
    expect(at(x, 'det[1]/imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF')).toBe('0.85');
    const st = 'det[2]/imposto/ICMS/ICMS10';
    expect(['vBC', 'vICMS', 'vBCST', 'vICMSST', 'vFCPST'].map((t) => at(x, `${st}/${t}`))).toEqual([
      '507.50',
      '91.35',
      '710.50',
      '36.54',
      '14.21',
    ]);
    expect(at(x, 'det[3]/imposto/ICMS/ICMS40/vICMSDeson')).toBe('36.00');
    expect(at(x, 'det[3]/imposto/ICMS/ICMS40/pICMS')).toBeUndefined();
    const red = 'det[4]/imposto/IBSCBS/gIBSCBS/gCBS';
    expect([at(x, `${red}/gRed/pRedAliq`), at(x, `${red}/gRed/pAliqEfet`), at(x, `${red}/vCBS`)]).toEqual([
      '60.0000',
      '0.3600',
      '0.72',
    ]);
    expect(at(x, 'det[4]/imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF')).toBe('0.08');
    const dif = 'det[5]/imposto/IBSCBS/gIBSCBS';
    expect([at(x, `${dif}/gCBS/gDif/pDif`), at(x, `${dif}/gCBS/gDif/vDif`), at(x, `${dif}/gCBS/vCBS`)]).toEqual([
      '100.0000',
      '3.60',
      '0.00',
    ]);
    expect(at(x, `${dif}/gIBSUF/gDif/vDif`)).toBe('0.40');
  });

  it('A: totals, vNF by the MOC formula (W16) and IBSCBSTot with the deferral', () => {
    const x = a.xml;
    const t = (tag: string) => at(x, `total/ICMSTot/${tag}`);
    // 1866.25 (calculate-nfe.test.ts) + 200.00 + 1000.00 of items 4 and 5, which add no other figure.
    expect(['vBC', 'vICMS', 'vICMSDeson', 'vBCST', 'vST', 'vFCPST', 'vProd', 'vIPI', 'vNF'].map(t)).toEqual([
      '1547.50',
      '278.55',
      '36.00',
      '710.50',
      '36.54',
      '14.21',
      '2900.00',
      '104.00',
      '3066.25',
    ]);
    expect(at(x, 'total/IBSCBSTot/vBCIBSCBS')).toBe('2052.80'); // 852.80 + 200.00 + 1000.00
    expect(at(x, 'total/IBSCBSTot/gCBS/vCBS')).toBe('8.40'); // 7.68 + 0.72 + 0
    expect(at(x, 'total/IBSCBSTot/gCBS/vDif')).toBe('3.60');
    expect(at(x, 'total/IBSCBSTot/gIBS/gIBSUF/vIBSUF')).toBe('0.93'); // 0.85 + 0.08 + 0
    expect(at(x, 'total/IBSCBSTot/gIBS/gIBSUF/vDif')).toBe('0.40');
    // 2026: IBS and CBS are shown but not added to the document's total.
    expect(at(x, 'total/vNFTot')).toBe('3066.25');
  });

  it('A: the answer is valid, and so says /nfe/validate of its xml (schema PL_010 and every rule)', async () => {
    expect(a.rejeicoes).toEqual([]);
    expect(a.valida).toBe(true);
    expect(a.assinada).toBe(false);
    const res = await post('/v1/public/nfe/validate', a.xml);
    const v = res.json<TNfeValidationResponse>();
    expect(v.rejeicoes).toEqual([]);
    expect(v.regras.esquema).toContain('PL_010');
  });
});

describe('POST /nfe/complete: interstate DIFAL, Simples Nacional with ST', () => {
  it('B: SC → RJ to a consumer: DIFAL by RJ’s rule (base dupla, FCP in the gross-up), as the engine’s example', async () => {
    // tax-engine/src/nfe-item/calculate-nfe-item.test.ts, "takes the method, internal rate and FCP from the
    // destination state rule": (1000 − 120) / (1 − 22 %) = 1128.21; × 20 % − 120 = 105.64; FCP 2 % = 22.56
    // (LC 190/2022; RJ's row of uf-tax-rules.csv: dupla, FCP no cálculo por dentro; icms-uf.csv: 20 % + FECP 2 %).
    const xml = draft(
      {
        emitente: { cnpj: '11222333000181', uf: 'SC', crt: '3' },
        destinatario: { cpf: '52998224725', uf: 'RJ', contribuinte: false },
        data: '2026-03-10',
        vPag: '1000.00',
      },
      [{ prod: { vProd: '1000.00', CFOP: '6108' }, imposto: [icms('ICMS00', { CST: '00', pICMS: '12.00' })] }],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    const d = (tag: string) => at(out.xml, `det[1]/imposto/ICMSUFDest/${tag}`);
    expect(['vBCUFDest', 'pICMSUFDest', 'pICMSInter', 'vICMSUFDest', 'vFCPUFDest'].map(d)).toEqual([
      '1128.21',
      '20.0000',
      '12.00',
      '105.64',
      '22.56',
    ]);
    expect(at(out.xml, 'total/ICMSTot/vICMSUFDest')).toBe('105.64');
    expect(at(out.xml, 'total/ICMSTot/vNF')).toBe('1000.00');
    expect(out.rejeicoes).toEqual([]);
  });

  it('C: a Simples Nacional issuer (CRT 1), SP → RJ: CSOSN 201 with ST, 101 with credit, 102', async () => {
    // server/src/modules/tax/tax-icms.test.ts, "CSOSN 201 from a Simples sender keeps the original MVA": 100.00 ×
    // 1.50 = 150.00; 150 × 20 % − 100 × 12 % = 18.00; credit 1.25 % = 1.25 (Conv. ICMS 142/2018; LC 123/2006
    // art. 23). CSOSN 101: the same credit on its 100.00. CSOSN 102 carries no ICMS figure.
    const xml = draft(
      {
        emitente: { cnpj: '11222333000181', uf: 'SP', crt: '1' },
        destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
        data: '2026-03-10',
        vPag: '268.00',
      },
      [
        {
          prod: { vProd: '100.00', CFOP: '6401' },
          imposto: [
            el('ICMS', [
              el('ICMSSN201', [
                el('orig', '0'),
                el('CSOSN', '201'),
                el('pICMS', '12.00'),
                el('modBCST', '4'),
                el('pMVAST', '50.00'),
                el('pICMSST', '20.00'),
                el('pCredSN', '1.25'),
              ]),
            ]),
          ],
        },
        {
          prod: { vProd: '100.00', CFOP: '6102' },
          imposto: [el('ICMS', [el('ICMSSN101', [el('orig', '0'), el('CSOSN', '101'), el('pCredSN', '1.25')])])],
        },
        {
          prod: { vProd: '50.00', CFOP: '6102' },
          imposto: [el('ICMS', [el('ICMSSN102', [el('orig', '0'), el('CSOSN', '102')])])],
        },
      ],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    const sn = (tag: string) => at(out.xml, `det[1]/imposto/ICMS/ICMSSN201/${tag}`);
    expect(['vBCST', 'vICMSST', 'vCredICMSSN', 'pICMS'].map(sn)).toEqual(['150.00', '18.00', '1.25', undefined]);
    expect(at(out.xml, 'det[2]/imposto/ICMS/ICMSSN101/vCredICMSSN')).toBe('1.25');
    // vNF = 250.00 + vST 18.00 (W16).
    expect(at(out.xml, 'total/ICMSTot/vNF')).toBe('268.00');
    expect(out.rejeicoes).toEqual([]);
  });
});

describe('POST /nfe/complete in the ICMS transition (2029–2032)', () => {
  it('2029: the ICMS group shows the year’s 9/10 rates the values came from; pICMSInter stays 12.00', async () => {
    // SP → RJ to a consumer, 1,000.00. 2029 keeps 9/10 of the ICMS rates (EC 132/2023, ADCT art. 128): interstate
    // 12 % → 10.80 % (vICMS 108.00); RJ 20 % + FECP 2 % → 18 % + 1.8 %. DIFAL base dupla with the FCP in the
    // gross-up (LC 190/2022; RJ's row of uf-tax-rules.csv): (1000 − 108) / (1 − 0.198) = 1112.22; × 18 % − 108 =
    // 92.20; FCP 1.8 % = 20.02. pICMSInter is written as the legal 12.00: PL_010's XSD admits only 4.00, 7.00, 12.00.
    const xml = draft(
      {
        emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
        destinatario: { cpf: '52998224725', uf: 'RJ', contribuinte: false },
        data: '2029-03-10',
        // From 2027 the item's vProd carries its IBS/CBS (NT 2026.008 v1.00 §2, I11; decision 075): the payment is
        // the completed vNF, 1,000.00 + CBS 66.28 + state IBS 12.48 + municipal IBS 1.95 on a base of 779.78.
        vPag: '1080.71',
      },
      [
        {
          // Interstate sale to a non-contributor: CFOP 6108 (a 5xxx CFOP with idDest 2 is rejection 733, I08-50).
          prod: { vProd: '1000.00', NCM: '84713012', CFOP: '6108' },
          imposto: [icms('ICMS00', { CST: '00', pICMS: '12.00' }), ibscbs('000', '000001')],
        },
      ],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    const g = (tag: string) => at(out.xml, `det[1]/imposto/${tag}`);
    expect([g('ICMS/ICMS00/pICMS'), g('ICMS/ICMS00/vICMS')]).toEqual(['10.8000', '108.00']);
    expect(
      ['pICMSUFDest', 'pFCPUFDest', 'pICMSInter', 'vBCUFDest', 'vICMSUFDest', 'vFCPUFDest'].map((t) =>
        g(`ICMSUFDest/${t}`),
      ),
    ).toEqual(['18.0000', '1.8000', '12.00', '1112.22', '92.20', '20.02']);
    expect(out.rejeicoes).toEqual([]);
  });
});

describe('POST /nfe/complete: an NFC-e (model 65) to an unidentified consumer', () => {
  it('no dest: the sale is inside the issuer’s state; ICMS 18 % of 50.00 = 9.00 (LC 87/1996 art. 13, I)', async () => {
    const xml = draft(
      { modelo: '65', emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' }, data: '2026-03-10', vPag: '50.00' },
      [
        {
          prod: { vProd: '50.00' },
          imposto: [icms('ICMS00', { CST: '00', pICMS: '18.00' }), ibscbs('000', '000001')],
        },
      ],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    expect(out.modelo).toBe('65');
    expect(at(out.xml, 'det[1]/imposto/ICMS/ICMS00/vICMS')).toBe('9.00');
    // IBS/CBS base 50.00 − 9.00 = 41.00 (UB16-10): CBS 0.9 % = 0.37 (0.369), IBS-UF 0.1 % = 0.04 (0.041).
    expect(at(out.xml, 'det[1]/imposto/IBSCBS/gIBSCBS/gCBS/vCBS')).toBe('0.37');
    expect(at(out.xml, 'det[1]/imposto/IBSCBS/gIBSCBS/gIBSUF/vIBSUF')).toBe('0.04');
    expect(out.rejeicoes).toEqual([]);
  });
});

describe('POST /nfe/complete: the groups the CST/cClassTrib indicators decide (NT 2025.002 v1.31 p. 33, 44–46)', () => {
  // Items completed with a monophasic cClassTrib (620001: CST 620, ind_gIBSCBSMono 1 → gIBSCBSMono) and a regular-
  // taxation one (550001: exige gTribRegular) come back with the groups their indicators ask for, so the rules on
  // those indicators (UB13-39, UB13-44/45, UB112-20, UB116-20, UB120-20, UB131-30) find nothing in them.
  it('a monophasic fuel (620001) and a suspension with regular taxation (550001): none of those rules rejects them', async () => {
    const regular = el('IBSCBS', [
      el('CST', '550'),
      el('cClassTrib', '550001'),
      el('gIBSCBS', [el('gTribRegular', [el('CSTReg', '000'), el('cClassTribReg', '000001')])]),
    ]);
    const xml = draft(
      { emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' }, destinatario: contribuinteSP, data: '2026-10-10' },
      [
        {
          prod: { vProd: '1000.00', NCM: '27101259', CFOP: '5656' },
          imposto: [
            icms('ICMS61', { CST: '61', qBCMonoRet: '500.0000', adRemICMSRet: '1.2200' }),
            el('IBSCBS', [
              el('CST', '620'),
              el('cClassTrib', '620001'),
              el('gIBSCBSMono', [el('gMonoPadrao', [el('qBCMono', '500.0000')])]),
            ]),
          ],
        },
        { prod: { vProd: '200.00', NCM: '24021000' }, imposto: [icms('ICMS40', { CST: '41' }), regular] },
      ],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    expect(at(out.xml, 'det[1]/imposto/IBSCBS/gIBSCBSMono/gMonoPadrao/qBCMono')).toBe('500.0000');
    expect(at(out.xml, 'det[2]/imposto/IBSCBS/gIBSCBS/gTribRegular/CSTReg')).toBe('000');
    const ids = ['UB13-39', 'UB13-44', 'UB13-45', 'UB112-20', 'UB116-20', 'UB120-20', 'UB131-30'];
    expect(out.rejeicoes.filter((r) => ids.includes(r.regra))).toEqual([]);
  });
});

describe('POST /nfe/complete: monophasic fuel ICMS (CST 02, 15, 53, 61)', () => {
  it('writes ICMS02/15/53/61 in the schema’s order, each value the quantity × the ad rem rate, and the result is valid', async () => {
    // LC 192/2022 (ICMS monofásico ad rem) and the layout of NT 2023.001 (grupos ICMS02, ICMS15, ICMS53, ICMS61).
    // Diesel R$ 0.9456/l (Convênio ICMS 199/2022): CST 02, 1,000 l → 945.60; CST 15, 1,000 l own → 945.60 and
    // 150 l retained for the next stage → 141.84. Gasoline R$ 1.22/l (Convênio ICMS 15/2023): CST 53, 1,000 l →
    // 1,220.00 with 27 % deferred (the ethanol blended) → 329.40 deferred, 890.60 due; CST 61, 500 l charged
    // before → 610.00 shown.
    const fuel = (group: string, leaves: Record<string, string>, NCM: string) => ({
      prod: { vProd: '5000.00', NCM },
      imposto: [icms(group, leaves)],
    });
    const xml = draft(
      {
        emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
        destinatario: contribuinteSP,
        data: '2026-03-10',
        vPag: '20141.84',
      },
      [
        fuel('ICMS02', { CST: '02', qBCMono: '1000.0000', adRemICMS: '0.9456' }, '27101921'),
        fuel(
          'ICMS15',
          { CST: '15', qBCMono: '1000.0000', adRemICMS: '0.9456', qBCMonoReten: '150.0000', adRemICMSReten: '0.9456' },
          '27101921',
        ),
        fuel('ICMS53', { CST: '53', qBCMono: '1000.0000', adRemICMS: '1.2200', pDif: '27.0000' }, '27101259'),
        fuel('ICMS61', { CST: '61', qBCMonoRet: '500.0000', adRemICMSRet: '1.2200' }, '27101259'),
      ],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    const g = (n: number, group: string, tags: string[]) =>
      tags.map((t) => at(out.xml, `det[${n}]/imposto/ICMS/${group}/${t}`));
    expect(g(1, 'ICMS02', ['CST', 'qBCMono', 'adRemICMS', 'vICMSMono'])).toEqual([
      '02',
      '1000.0000',
      '0.9456',
      '945.60',
    ]);
    expect(g(2, 'ICMS15', ['vICMSMono', 'qBCMonoReten', 'adRemICMSReten', 'vICMSMonoReten'])).toEqual([
      '945.60',
      '150.0000',
      '0.9456',
      '141.84',
    ]);
    expect(g(3, 'ICMS53', ['vICMSMonoOp', 'pDif', 'vICMSMonoDif', 'vICMSMono'])).toEqual([
      '1220.00',
      '27.0000',
      '329.40',
      '890.60',
    ]);
    expect(g(4, 'ICMS61', ['qBCMonoRet', 'adRemICMSRet', 'vICMSMonoRet'])).toEqual(['500.0000', '1.2200', '610.00']);
    // ICMSTot's monophasic totals (NT 2023.001, W06b.1–W06e): qBCMono and vICMSMono of items 1–3 (3,000 l;
    // 945.60 + 945.60 + 890.60), the retention of item 2, the charged-before of item 4. vNF (W16-10 as NT 2023.001
    // amended it, "(+) vICMSMonoReten (id:W06d)"): 4 × 5,000.00 + 141.84.
    expect(totals(out.xml)).toEqual([
      ['qBCMono', '3000.00'],
      ['vICMSMono', '2781.80'],
      ['qBCMonoReten', '150.00'],
      ['vICMSMonoReten', '141.84'],
      ['qBCMonoRet', '500.00'],
      ['vICMSMonoRet', '610.00'],
      ['vNF', '20141.84'],
    ]);
    // The schema (rejection 225) and every rule of the date pass on the completed document.
    expect(out.rejeicoes).toEqual([]);
  });

  // The ad rem rates are the issuer's (adRemICMS, as each test states it; NT 2023.001 §2.4.10 revoked the rules that
  // compared them with the Convênio's, N38-10/N40-10/N44-10): diesel R$ 0.9456/l and gasoline R$ 1.22/l, the rates
  // Convênio ICMS 199/2022 and Convênio ICMS 15/2023 first fixed. Item values: quantity × rate, to the cent (N39,
  // N41). Totals: NT 2023.001, leiaute W06b.1 (qBCMono, Σ N37a), W06c (vICMSMono, Σ N39), W06c.1 (qBCMonoReten,
  // Σ N39a), W06d (vICMSMonoReten, Σ N41), all TDec_1302 in ICMSTot (the items' quantities have up to 4 places).
  it('a diesel sale (CST 15 with retention): the monophasic totals are the items’ sums and vNF adds the retention', async () => {
    const diesel = (vProd: string, q: string, qReten: string) => ({
      prod: { vProd, NCM: '27101921' },
      imposto: [
        icms('ICMS15', { CST: '15', qBCMono: q, adRemICMS: '0.9456', qBCMonoReten: qReten, adRemICMSReten: '0.9456' }),
      ],
    });
    // Item 1: 1,000.1250 l × 0.9456 = 945.7182 → 945.72; 150.5000 l × 0.9456 = 142.3128 → 142.31.
    // Item 2: 2,500.3375 l × 0.9456 = 2,364.31914 → 2,364.32; 300.2500 l × 0.9456 = 283.9164 → 283.92.
    const xml = draft(
      {
        emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
        destinatario: contribuinteSP,
        data: '2026-03-10',
        vPag: '17426.23',
      },
      [diesel('5000.00', '1000.1250', '150.5000'), diesel('12000.00', '2500.3375', '300.2500')],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    expect([1, 2].map((n) => at(out.xml, `det[${n}]/imposto/ICMS/ICMS15/vICMSMonoReten`))).toEqual([
      '142.31',
      '283.92',
    ]);
    // qBCMono 3,500.4625 → 3500.46; vICMSMono 945.72 + 2,364.32; qBCMonoReten 450.75; vICMSMonoReten 142.31 + 283.92.
    // vNF = vProd 17,000.00 + vICMSMonoReten 426.23 (W16-10, NT 2023.001; as published in NT 2023.004 v1.20).
    expect(totals(out.xml)).toEqual([
      ['qBCMono', '3500.46'],
      ['vICMSMono', '3310.04'],
      ['qBCMonoReten', '450.75'],
      ['vICMSMonoReten', '426.23'],
      ['vNF', '17426.23'],
    ]);
    expect(at(out.xml, 'total/ICMSTot/vProd')).toBe('17000.00');
    // The completed XML passes the XSD (rejection 225) and the rule book of the date.
    expect(out.rejeicoes).toEqual([]);
  });

  it('a gasoline sale (CST 02): qBCMono and vICMSMono summed, no retention totals, vNF = vProd', async () => {
    const gasoline = (vProd: string, q: string) => ({
      prod: { vProd, NCM: '27101259' },
      imposto: [icms('ICMS02', { CST: '02', qBCMono: q, adRemICMS: '1.2200' })],
    });
    // Item 1: 1,000.0000 l × 1.22 = 1,220.00. Item 2: 2,000.3375 l × 1.22 = 2,440.41175 → 2,440.41.
    const xml = draft(
      {
        emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
        destinatario: contribuinteSP,
        data: '2026-03-10',
        vPag: '18000.00',
      },
      [gasoline('6000.00', '1000.0000'), gasoline('12000.00', '2000.3375')],
    );
    const res = await complete(xml);
    expect(res.json().errors).toBeUndefined();
    const out = res.json<TNfeCompleteResponse>();
    expect([1, 2].map((n) => at(out.xml, `det[${n}]/imposto/ICMS/ICMS02/vICMSMono`))).toEqual(['1220.00', '2440.41']);
    // qBCMono 3,000.3375 → 3000.34 (half-up to TDec_1302); vICMSMono 1,220.00 + 2,440.41. The retention pairs are
    // left out (minOccurs 0: no item carries them), and vNF adds nothing to the goods (W16-10).
    expect(totals(out.xml)).toEqual([
      ['qBCMono', '3000.34'],
      ['vICMSMono', '3660.41'],
      ['vNF', '18000.00'],
    ]);
    expect(out.rejeicoes).toEqual([]);
  });
});

describe('POST /nfe/complete: what it refuses, and what it drops', () => {
  it('an item the engine cannot compute: 400 naming the item and the tag, nothing returned', async () => {
    const xml = draft(
      { emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' }, destinatario: contribuinteSP, data: '2026-03-10' },
      [
        { prod: { vProd: '10.00' }, imposto: [icms('ICMS00', { CST: '00', pICMS: '18.00' })] },
        { prod: { vProd: '10.00' }, imposto: [icms('ICMS10', { CST: '10', pICMS: '18.00', modBCST: '4' })] },
      ],
    );
    const res = await complete(xml);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.xml).toBeUndefined();
    expect(body.detail).toMatch(/^Item 2: /);
    expect(body.errors[0]).toEqual({
      field: 'NFe/infNFe/det[nItem=2]/imposto/ICMS/pICMSST',
      message: 'Item 2: pICMSST: informe a alíquota do ICMS-ST (CST 10).',
    });
  });

  it('groups the engine does not compute (ISSQN, ICMSPart, ICMSST): 400 naming the item, the group and why', async () => {
    const base = { emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' as const }, data: '2026-03-10' };
    const refused = async (imposto: XNode[]) => {
      const xml = draft({ ...base, destinatario: contribuinteSP }, [
        { prod: { vProd: '10.00' }, imposto: [icms('ICMS00', { CST: '00', pICMS: '18.00' })] },
        { prod: { vProd: '10.00' }, imposto },
      ]);
      const res = await complete(xml);
      expect(res.statusCode).toBe(400);
      expect(res.json().xml).toBeUndefined();
      return res.json().errors[0] as { field: string; message: string };
    };
    const issqn = await refused([el('ISSQN', [el('vBC', '10.00'), el('vAliq', '5.0000')])]);
    expect(issqn.field).toBe('NFe/infNFe/det[nItem=2]/imposto/ISSQN');
    expect(issqn.message).toMatch(/^Item 2: grupo ISSQN: o motor não calcula o ISSQN, imposto municipal/);
    const part = await refused([icms('ICMSPart', { CST: '10', pBCOp: '100.00', UFST: 'RJ' })]);
    expect(part.field).toBe('NFe/infNFe/det[nItem=2]/imposto/ICMS/ICMSPart');
    expect(part.message).toMatch(/^Item 2: grupo ICMS\/ICMSPart: o motor não calcula a partilha do ICMS/);
    const st = await refused([icms('ICMSST', { CST: '60', vBCSTRet: '10.00' })]);
    expect(st.field).toBe('NFe/infNFe/det[nItem=2]/imposto/ICMS/ICMSST');
    expect(st.message).toMatch(/^Item 2: grupo ICMS\/ICMSST: o motor não calcula o repasse/);
  });

  it('a deferral CST without gDif and without a cClassTrib the table fixes: 400 naming gDif of item 1', async () => {
    const xml = draft(
      { emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' }, destinatario: contribuinteSP, data: '2026-03-10' },
      [{ prod: { vProd: '10.00' }, imposto: [icms('ICMS40', { CST: '41' }), el('IBSCBS', [el('CST', '510')])] }],
    );
    const res = await complete(xml);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      field: 'NFe/infNFe/det[nItem=1]/imposto/IBSCBS/gIBSCBS/gCBS/gDif',
    });
    expect(res.json().detail).toContain('Item 1: CST 510 (diferimento): informe gDif');
  });

  it('drops the signature (the values changed; signing is the ERP’s) and answers the NFe of an nfeProc', async () => {
    const signed = invoiceA.replace(
      '</NFe>',
      '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/></Signature></NFe>',
    );
    const proc = `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${signed.replace(/^<\?xml[^>]*>/, '')}<protNFe versao="4.00"/></nfeProc>`;
    const res = await complete(proc);
    expect(res.statusCode).toBe(200);
    const out = res.json<TNfeCompleteResponse>();
    expect(out.xml).not.toContain('Signature');
    expect(out.xml).not.toContain('nfeProc');
    expect(out.assinada).toBe(false);
    expect(out.valida).toBe(true);
  });

  it('a payment the new vNF outgrew: rejection 865 (MOC 7.0 YA03-10) names both figures; the ERP’s pag is kept', async () => {
    const res = await complete(invoiceA.replace('<vPag>3066.25</vPag>', '<vPag>3000.00</vPag>'));
    expect(res.statusCode).toBe(200);
    const out = res.json<TNfeCompleteResponse>();
    expect(out.valida).toBe(false);
    expect(out.rejeicoes).toEqual([
      expect.objectContaining({
        codigo: '865',
        regra: 'YA03-10',
        campo: 'NFe/infNFe/pag/detPag/vPag',
        esperado: 'vNF 3066.25',
        encontrado: 'Σ vPag 3000.00',
        facultativa: true,
      }),
    ]);
    expect(at(out.xml, 'pag/detPag/vPag')).toBe('3000.00');
  });

  it('the body rules of /nfe/validate: 415 without XML type, 413 over 5 MB, 400 for not UTF-8 or not an NF-e', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/nfe/complete',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toContain('Content-Type: application/xml');
    const other = await complete('<?xml version="1.0" encoding="UTF-8"?><CTe/>');
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toContain('Recebido: <CTe>');
    const big = await complete(Buffer.alloc(5 * 1024 * 1024 + 10, 0x20));
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toContain('5 MB');
    const latin1 = await complete(Buffer.from([0x3c, 0x4e, 0x46, 0x65, 0xff, 0xfe, 0x3e]));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().detail).toContain('UTF-8');
    const model57 = await complete(
      '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe><ide><mod>57</mod></ide></infNFe></NFe>',
    );
    expect(model57.statusCode).toBe(400);
    expect(model57.json().detail).toContain('Recebido: modelo 57');
  });
});
