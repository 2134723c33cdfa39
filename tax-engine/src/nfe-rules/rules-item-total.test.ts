import { describe, expect, it } from 'vitest';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { bundledTables, find, setText } from './test-support.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// vItem (group VB) and vNFTot (W60) by year. NT 2026.008 v1.00 (section 1 "Composição do valor do produto com
// informações de IBS e CBS"; section 2, I11 vProd: "A partir de 2027, os valores de IBS, CBS e IS compõem o Valor
// Total Bruto, exceto nas notas de importação"; section 3, VB01-10 p. 8–9: "(+) vProd (contém vIBS, vCBS e vIS)" with
// NT 2025.002's "(+) vIBS (+) vCBS (+) vIS" struck out) and NT 2025.002-RTC v1.31 W60-10 (vNFTot = Σ vItem).
const tables = bundledTables();
const I = 'NFe/infNFe';
const det = (n: number) => `${I}/det[${n}]`;
const tot = (tag: string) => `${I}/total/ICMSTot/${tag}`;

const sample = (data: string): SampleNfe => ({
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data,
  vItem: true,
  items: [
    {
      vProd: '1000.00',
      vDesc: '5.00',
      icms: { cst: '00', pICMS: '18' },
      ipi: { pIPI: '10' },
      pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
    {
      vProd: '250.00',
      icms: { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  ],
});

const validate = (t: XNode, day: string) =>
  validateNfeRules(t, { tabelas: tables, agora: new Date(`${day}T12:00:00-03:00`) });
// VB01-10/20, W60-05 and W60-10 are "Implementação futura" in the NTs: reported as alerts, never as rejections.
const alerted = (t: XNode, day: string, id: string) => validate(t, day).alertas.filter((r) => r.regra === id);
const texts = (t: XNode, paths: string[]) => paths.map((p) => find(t, p).text);

/**
 * The same 2027 document in NT 2025.002 v1.31's form: each vProd (and its unit values) without IBS/CBS, ICMSTot's
 * vProd and vNF over them (the payment too), while vItem and vNFTot keep IBS/CBS added on top (v1.31's VB01-10
 * without exceção 1).
 */
function asNt2025002(t: XNode, netProds: string[], vProdTot: string, vNF: string): XNode {
  netProds.forEach((v, i) => {
    for (const tag of ['vProd', 'vUnCom', 'vUnTrib']) setText(t, `${det(i + 1)}/prod/${tag}`, v);
  });
  setText(t, tot('vProd'), vProdTot);
  setText(t, `${I}/pag/detPag/vPag`, vNF);
  return setText(t, tot('vNF'), vNF);
}

describe('vItem and vNFTot of 2027 (NT 2026.008 v1.00: IBS, CBS and IS inside vProd, never added again)', () => {
  // The sample's 2027 rates: IBS 0.05 % (UF) + 0.05 % (município), CBS 8.7 % (standing for the reference rate),
  // on the value without IBS/CBS, half-up to the cent.
  // Item 1: base 1,000.00 − 5.00 = 995.00; IBS 0.50 + 0.50 = 1.00; CBS 86.565 → 86.57; vProd 1,000.00 + 87.57 =
  //   1,087.57; IPI 10 % of 995.00 = 99.50; vItem = 1,087.57 − 5.00 + 99.50 = 1,182.07.
  // Item 2: base 250.00; IBS 0.125 → 0.13 twice = 0.26; CBS 21.75; vProd 250.00 + 22.01 = 272.01; ICMS-ST
  //   250 × 1.40 × 18 % − 250 × 18 % = 18.00; vItem = 272.01 + 18.00 = 290.01.
  // vNF (W16) = 1,359.58 − 5.00 + 18.00 + 99.50 = 1,472.08 = vNFTot = Σ vItem.
  const day = '2027-02-10';

  it('the document composed as NT 2026.008 says gets no rejection and no alert', () => {
    const t = sampleNfe(sample(day));
    expect(texts(t, [`${det(1)}/prod/vProd`, `${det(2)}/prod/vProd`])).toEqual(['1087.57', '272.01']);
    expect(texts(t, [`${det(1)}/vItem`, `${det(2)}/vItem`])).toEqual(['1182.07', '290.01']);
    expect(texts(t, [tot('vProd'), tot('vNF'), `${I}/total/vNFTot`])).toEqual(['1359.58', '1472.08', '1472.08']);
    expect(validate(t, day).rejeicoes).toEqual([]);
    expect(validate(t, day).alertas).toEqual([]);
  });

  it('the NT 2025.002 v1.31 form (vProd without IBS/CBS, added to vItem) is an alert of VB01-10 for each item', () => {
    // vProd 1,000.00 and 250.00; vNF = 1,250.00 − 5.00 + 18.00 + 99.50 = 1,362.50; vItem still 1,182.07 and 290.01.
    const t = asNt2025002(sampleNfe(sample(day)), ['1000.00', '250.00'], '1250.00', '1362.50');
    const f = alerted(t, day, 'VB01-10');
    expect(f.map((x) => [x.codigo, x.nItem, x.esperado, x.encontrado])).toEqual([
      ['1105', 1, '1094.50', '1182.07'],
      ['1105', 2, '268.00', '290.01'],
    ]);
    expect(f[0]!.campo).toBe(`${I}/det[nItem=1]/vItem`);
    // The sums still agree with one another (W07-10, W16-10, W60-10): only the item composition tells the forms apart,
    // and SEFAZ does not reject on it yet.
    expect(validate(t, day).rejeicoes).toEqual([]);
    expect(validate(t, day).alertas.map((r) => r.regra)).toEqual(['VB01-10', 'VB01-10']);
  });

  it('IBS and CBS added again to vNFTot (on top of vProd) are an alert of W60-10, naming both totals', () => {
    // 1,472.08 + IBS 1.26 (1.00 + 0.26) + CBS 108.32 (86.57 + 21.75) = 1,581.66: the duplicity the NT forbids.
    const t = setText(sampleNfe(sample(day)), `${I}/total/vNFTot`, '1581.66');
    const f = alerted(t, day, 'W60-10');
    expect(f.map((x) => [x.codigo, x.esperado, x.encontrado])).toEqual([['1094', '1472.08', '1581.66']]);
  });
});

describe('vItem and vNFTot through 2026 (IBS and CBS outside vProd, vItem and vNFTot)', () => {
  // 2026 rates (test year): IBS 0.1 % (UF), CBS 0.9 %. Item 1: vProd 1,000.00 stays; vItem = 1,000.00 − 5.00 + IPI
  // 99.50 = 1,094.50; CBS 0.9 % of 995.00 = 8.955 → 8.96, IBS 0.995 → 1.00.
  const day = '2026-10-10';

  it('vProd is the goods, vNFTot is vNF, and the document gets no rejection', () => {
    const t = sampleNfe(sample(day));
    expect(texts(t, [`${det(1)}/prod/vProd`, `${det(1)}/vItem`])).toEqual(['1000.00', '1094.50']);
    expect(find(t, `${I}/total/vNFTot`).text).toBe(find(t, tot('vNF')).text);
    expect(validate(t, day).rejeicoes).toEqual([]);
  });

  it('a vItem with IBS and CBS added (the 2027 parts of NT 2025.002 v1.31) is an alert naming both values', () => {
    const t = setText(sampleNfe(sample(day)), `${det(1)}/vItem`, '1104.46'); // 1,094.50 + 1.00 + 8.96
    expect(alerted(t, day, 'VB01-10').map((x) => [x.nItem, x.esperado, x.encontrado])).toEqual([
      [1, '1094.50', '1104.46'],
    ]);
  });
});
