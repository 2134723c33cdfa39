import type { TNfeCompleteResponse, TNfeValidationResponse, TTaxCalculateNfeResponse } from '@app/contract';
import { el, nodeToXml, sampleNfe, type XNode } from '@app/tax-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { parseXmlTree } from './nfe-xml-scan.js';

// POST /nfe/complete from 2027 (decision 075): IBS, CBS and IS "compõem o Valor Total Bruto" (NT 2026.008 v1.00,
// I11 observação) and "não deverão ser adicionados novamente" to vNFTot (introdução): the completed det's vProd is
// the ERP's value of the goods plus the item's IBS and CBS, vNF (W16) runs over it and vNFTot = vNF; the document
// then passes POST /nfe/validate (the XSD and the rule book, VB01-10 and W60-10 included) with no rejection.
let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
});

const post = (url: string, payload: string) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'application/xml' }, payload });

/** One SP → SP sale between taxpayers of 1,000.00 with ICMS00 18 % and IBSCBS 000/000001, paid `vPag`. */
function draft(data: string, vPag: string, cfop = '5102'): string {
  const t = sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
    data,
    items: [{ vProd: '1.00', icms: { cst: '41' } }],
  });
  const infNFe = t.children[0]!;
  infNFe.children = infNFe.children.map((c): XNode => {
    if (c.name === 'pag') return el('pag', [el('detPag', [el('tPag', '01'), el('vPag', vPag)])]);
    if (c.name === 'total') return el('total', [el('ICMSTot', [el('vNF', '0.00')])]);
    if (c.name !== 'det') return c;
    const prod = el('prod', [
      ...[
        ['cProd', 'P1'],
        ['cEAN', 'SEM GTIN'],
        ['xProd', 'PRODUTO 1'],
        ['NCM', '84713012'],
        ['CFOP', cfop],
        ['uCom', 'UN'],
        ['qCom', '2.0000'],
        ['vUnCom', '500.00'],
        ['vProd', '1000.00'],
        ['cEANTrib', 'SEM GTIN'],
        ['uTrib', 'UN'],
        ['qTrib', '2.0000'],
        ['vUnTrib', '500.00'],
        ['indTot', '1'],
      ].map(([k, v]) => el(k!, v!)),
    ]);
    const icms = el('ICMS', [el('ICMS00', [el('orig', '0'), el('CST', '00'), el('modBC', '3'), el('pICMS', '18.00')])]);
    const ibscbs = el('IBSCBS', [el('CST', '000'), el('cClassTrib', '000001')]);
    return el('det', [prod, el('imposto', [icms, ibscbs])], c.attrs);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(t)}`;
}

/** The text at a slash path under the completed NFe/infNFe. */
function at(xml: string, path: string): string | undefined {
  let node: XNode | undefined = parseXmlTree(xml).children.find((c) => c.name === 'infNFe');
  for (const step of path.split('/')) node = node?.children.find((c) => c.name === step);
  return node?.text;
}

async function completed(xml: string): Promise<TNfeCompleteResponse> {
  const res = await post('/v1/public/nfe/complete', xml);
  expect(res.json().errors).toBeUndefined();
  expect(res.statusCode).toBe(200);
  return res.json<TNfeCompleteResponse>();
}

describe('POST /nfe/complete: vProd, vNF and vNFTot of 2027 (NT 2026.008 v1.00)', () => {
  // 2027 rates of Receita's calculator data (reference-data/rtc/aliquotas.json): CBS 8.4 %, IBS 0.05 % (UF) +
  // 0.05 % (município). ICMS 18 % of 1,000.00 = 180.00; the IBS/CBS base leaves it out: 820.00 (as the 2026 cases
  // of nfe-complete.test.ts). CBS 68.88, IBS 0.41 + 0.41 = 0.82: 69.70 inside vProd = 1,069.70; vUnCom =
  // 1,069.70 / 2 = 534.85; vNF (W16) = 1,069.70 = vNFTot.
  it('the det vProd carries IBS and CBS, vNF runs over it, vNFTot = vNF, and the document passes validation', async () => {
    const out = await completed(draft('2027-03-10', '1069.70'));
    expect(['vBC', 'vICMS'].map((t) => at(out.xml, `det/imposto/ICMS/ICMS00/${t}`))).toEqual(['1000.00', '180.00']);
    const g = (p: string) => at(out.xml, `det/imposto/IBSCBS/gIBSCBS/${p}`);
    expect([g('vBC'), g('gIBSUF/vIBSUF'), g('gIBSMun/vIBSMun'), g('gCBS/vCBS')]).toEqual([
      '820.00',
      '0.41',
      '0.41',
      '68.88',
    ]);
    expect(['vProd', 'vUnCom', 'vUnTrib'].map((t) => at(out.xml, `det/prod/${t}`))).toEqual([
      '1069.70',
      '534.8500000000',
      '534.8500000000',
    ]);
    expect(['vProd', 'vNF'].map((t) => at(out.xml, `total/ICMSTot/${t}`))).toEqual(['1069.70', '1069.70']);
    expect(at(out.xml, 'total/vNFTot')).toBe('1069.70');
    expect(out.rejeicoes).toEqual([]);
    const again = await post('/v1/public/nfe/validate', out.xml);
    expect(again.json<TNfeValidationResponse>().rejeicoes).toEqual([]);
  });

  it('2026: vProd stays the goods and vNFTot = vNF without IBS/CBS (the test year, NT 2025.002 exceção 1)', async () => {
    // 2026: CBS 0.9 % and IBS 0.1 % of 820.00 = 7.38 and 0.82, shown but outside vProd, vNF and vNFTot.
    const out = await completed(draft('2026-03-10', '1000.00'));
    expect(at(out.xml, 'det/imposto/IBSCBS/gIBSCBS/gCBS/vCBS')).toBe('7.38');
    expect(['det/prod/vProd', 'total/ICMSTot/vNF', 'total/vNFTot'].map((p) => at(out.xml, p))).toEqual([
      '1000.00',
      '1000.00',
      '1000.00',
    ]);
    expect(out.rejeicoes).toEqual([]);
  });
});

describe('POST /tax/calculate-nfe with validar in 2027: the invoice written from the figures passes', () => {
  it('the JSON totals stay the goods (1,000.00); the written NF-e and its payment carry 1,069.70, no rejection', async () => {
    // The same sale as above: CBS 68.88 + IBS 0.82 = 69.70 on the base 820.00 (2027 rates of the calculator data).
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/tax/calculate-nfe',
      headers: auth,
      payload: {
        operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data: '2027-03-10' },
        itens: [
          {
            vProd: '1000.00',
            ncm: '84713012',
            icms: { cst: '00', pICMS: 18 },
            ibscbs: { cst: '000', cClassTrib: '000001' },
          },
        ],
        validar: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<TTaxCalculateNfeResponse>();
    expect(body.total.ICMSTot.vNF).toBe(1000);
    expect(body.validacao?.rejeicoes).toEqual([]);
  });
});
