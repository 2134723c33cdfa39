import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { NfeItemInput, UfRuleFacts } from './types.js';

const sale = (over: Partial<NfeItemInput['operacao']> = {}): NfeItemInput['operacao'] => ({
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  ...over,
});

const rjRule: UfRuleFacts = {
  uf: 'RJ',
  internalRate: 20,
  fcpRate: 2,
  difalMethod: 'dupla',
  difalFcpInGrossUp: false,
  reliefFormula: 'por-dentro',
  cbenefRequired: true,
  source: 'Resolução SEFAZ-RJ 13/2019, Anexo XVIII',
  validFrom: '2019-02-14',
  validTo: null,
};

describe('ICMS own and ST (calculateNfeItem)', () => {
  it('CST 10: 100.00 at 12 %, MVA 50 %, ST 18 % → vBCST 150.00, vICMSST 15.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=283
    // (vBC 100.00, pICMS 12, vICMS 12.00, pMVAST 50, vBCST 150.00, pICMSST 18, vICMSST 15.00)
    const r = calculateNfeItem({
      operacao: sale({ ufDestino: 'RJ' }),
      item: { vProd: 100, icms: { cst: '10', pICMS: 12, pMVAST: 50, pICMSST: 18 } },
    });
    expect(r).toMatchObject({ vBC: 100, vICMS: 12, pMVAST: 50, vBCST: 150, vICMSST: 15 });
  });

  it('CST 70 with base reduction 33.33 %: vBC 66.67, vICMS 12.00, vBCST 150.00, vICMSST 15.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=295
    // (ICMS70: pRedBC 33.33, vBC 66.67, pICMS 18, vICMS 12.00, pMVAST 50, vBCST 150.00, vICMSST 15.00)
    const r = calculateNfeItem({
      operacao: sale(),
      item: { vProd: '100.00', icms: { cst: '70', pRedBC: '33.33', pICMS: 18, pMVAST: 50, pICMSST: 18 } },
    });
    expect(r).toMatchObject({ vBC: 66.67, vICMS: 12, vBCST: 150, vICMSST: 15 });
  });

  it('FCP-ST apart: 100.00, 12 %, MVA 50 %, ST 18 % + FCP 2 % → vICMSST 15.00 and vFCPST 3.00', () => {
    // https://www.contabeis.com.br/forum/tributos-estaduais-municipais/290717/base-de-calculo-fcp
    // ((100 + 50 %) × 20 %) − 12.00 = 18.00, of which 150 × 2 % = 3.00 to the fund. The NF-e layout
    // (NT 2016.002) reports vICMSST without the FCP: 15.00.
    const r = calculateNfeItem({
      operacao: sale({ ufDestino: 'RJ' }),
      item: { vProd: 100, icms: { cst: '10', pICMS: 12, pMVAST: 50, pICMSST: 18, pFCPST: 2 } },
    });
    expect(r).toMatchObject({ vBCST: 150, vICMSST: 15, vBCFCPST: 150, vFCPST: 3 });
  });

  it('IPI in the ST base: 2000.00, IPI 15 %, ICMS 18 %, MVA 40 % → vBCST 3220.00, vICMSST 219.60', () => {
    // Base composition "valor do produto + IPI + frete + seguro + despesas acessórias − descontos":
    // https://taxgroup.com.br/intelligence/mva-e-mva-ajustada-como-elas-equilibram-os-precos
    const r = calculateNfeItem({
      operacao: sale(),
      item: {
        vProd: 2000,
        icms: { cst: '10', pICMS: 18, pMVAST: 40, pICMSST: 18 },
        ipi: { cst: '50', pIPI: 15 },
      },
    });
    expect(r).toMatchObject({ vIPI: 300, vBC: 2000, vICMS: 360, vBCST: 3220, vICMSST: 219.6 });
  });

  it('freight, insurance, other charges and discount enter both bases (2800 + 60 − 20, IPI 18 % = 511.20)', () => {
    // https://docs.oracle.com/cd/G44591_01/trans/G40911-01/manage-tax-charges.html
    // (line 2,800 + freight 60 − discount 20 = 2,840; IPI 18 % = 511.20); ST by the formula above.
    const r = calculateNfeItem({
      operacao: sale(),
      item: {
        vProd: 2800,
        vFrete: 40,
        vSeg: 15,
        vOutro: 5,
        vDesc: 20,
        icms: { cst: '10', pICMS: 18, pMVAST: 40, pICMSST: 18 },
        ipi: { cst: '50', pIPI: 18 },
      },
    });
    expect(r).toMatchObject({ vBC: 2840, vIPI: 511.2, vICMS: 511.2, vBCST: 4691.68, vICMSST: 333.3 });
  });

  it('adjusts the MVA for an interstate sale: 50 % from 12 % to 19 % → 62.96 %', () => {
    // http://preparatorio.grancontabil.com.br/2020/05/mva-margem-de-valor-agregado.html (MVA ajustada 62,96 %)
    const r = calculateNfeItem({
      operacao: sale({ ufDestino: 'PR' }),
      item: { vProd: 100, icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 19 } },
    });
    expect(r.pMVAST).toBe(62.96);
    expect(r.vBCST).toBe(162.96);
    expect(r.vICMSST).toBe(18.96); // 162.96 × 19 % − 12.00 = 18.9624
    expect(r.memoria.find((s) => s.campo === 'pMVAST')?.baseLegal).toContain('Convênio ICMS 142/2018');
  });

  it('reduces the ST base (pRedBCST)', () => {
    // ST base reduced by the layout's pRedBCST (MOC, N20): 150.00 × (1 − 20 %) = 120.00; × 18 % − 18.00
    // (CST 10: the own base is whole; CST 70 would need its own pRedBC)
    const r = calculateNfeItem({
      operacao: sale(),
      item: { vProd: 100, icms: { cst: '10', pICMS: 18, pMVAST: 50, pICMSST: 18, pRedBCST: 20 } },
    });
    expect(r).toMatchObject({ vBCST: 120, vICMSST: 3.6 });
  });
});

describe('DIFAL to a final consumer who is not a taxpayer', () => {
  const difalSale = (over: Partial<NfeItemInput['operacao']>) =>
    sale({ consumidorFinal: true, contribuinte: false, ...over });

  it('base única: 1000.00 from MT (12 %) to MG (18 %) → vICMSUFDest 60.00', () => {
    // https://ajuda.contaazul.com/hc/pt-br/articles/9853206174221 (DIFAL = 1.000,00 × (18 % − 12 %) = 60,00)
    const r = calculateNfeItem({
      operacao: difalSale({ ufOrigem: 'MT', ufDestino: 'MG', difal: 'simples' }),
      item: { vProd: 1000, icms: { cst: '00', pICMS: 12, pICMSUFDest: 18, pFCPUFDest: 0 } },
    });
    expect(r).toMatchObject({ vICMS: 120, vBCUFDest: 1000, vICMSUFDest: 60, vFCPUFDest: 0 });
  });

  it('base dupla (LC 190/2022): 3494.17 at 7 % to 17 % → vBCUFDest 3915.16, vICMSUFDest 420.99', () => {
    // http://sefaz.mt.gov.br/forum/diferencial-de-aliquotas/compra-imobilizado-interestadual
    // ((3.494,17 − 244,59) / (1 − 0,17) = 3.915,16; × 0,17 = 665,58; − 244,59 = 420,99)
    const r = calculateNfeItem({
      operacao: difalSale({ ufOrigem: 'SP', ufDestino: 'MT', difal: 'dupla' }),
      item: { vProd: 3494.17, icms: { cst: '00', pICMS: 7, pICMSUFDest: 17, pFCPUFDest: 2 } },
    });
    expect(r).toMatchObject({ vBCUFDest: 3915.16, vICMSUFDest: 420.99, vFCPUFDest: 78.3 });
  });

  it('takes the method, internal rate and FCP from the destination state rule when the request is silent', () => {
    // RJ: base dupla, internal 20 %, FCP 2 % (uf_tax_rules). (1000 − 120) / 0.80 = 1100.00; × 20 % − 120 = 100.00
    const r = calculateNfeItem(
      {
        operacao: difalSale({ ufOrigem: 'SC', ufDestino: 'RJ' }),
        item: { vProd: 1000, icms: { cst: '00', pICMS: 12 } },
      },
      { destination: rjRule },
    );
    expect(r).toMatchObject({ vBCUFDest: 1100, vICMSUFDest: 100, vFCPUFDest: 22 });
    // With FCP in the gross-up: (1000 − 120) / 0.78 = 1128.21; × 20 % = 225.64 − 120 = 105.64
    const g = calculateNfeItem(
      {
        operacao: difalSale({ ufOrigem: 'SC', ufDestino: 'RJ' }),
        item: { vProd: 1000, icms: { cst: '00', pICMS: 12 } },
      },
      { destination: { ...rjRule, difalFcpInGrossUp: true } },
    );
    expect(g).toMatchObject({ vBCUFDest: 1128.21, vICMSUFDest: 105.64, vFCPUFDest: 22.56 });
  });

  it('owes no DIFAL to a taxpayer or inside one state', () => {
    const item = { vProd: 1000, icms: { cst: '00', pICMS: 12, pICMSUFDest: 18 } };
    expect(calculateNfeItem({ operacao: sale({ ufOrigem: 'MT', ufDestino: 'MG' }), item }).vICMSUFDest).toBe(0);
    expect(calculateNfeItem({ operacao: difalSale({}), item }).vICMSUFDest).toBe(0);
  });
});

describe('relief, deferral and federal taxes', () => {
  it('vICMSDeson by the RJ formula: CST 40 → (1000 / (1 − 20 %)) × 20 % = 250.00', () => {
    // Resolução SEFAZ-RJ 13/2019, Anexo XVIII, art. 3º, parágrafo único (rate includes the 2 % FECP):
    // https://tdn-homolog.totvs.com/plugins/viewsource/viewpagesrc.action?pageId=682432407
    const r = calculateNfeItem(
      {
        operacao: sale({ ufOrigem: 'RJ', ufDestino: 'RJ' }),
        item: { vProd: 1000, icms: { cst: '40', pICMS: 18, pFCP: 2, motDesICMS: '9' } },
      },
      { origin: rjRule },
    );
    expect(r).toMatchObject({ vBC: 0, vICMS: 0, vICMSDeson: 250 });
  });

  it('vICMSDeson by the RJ formula: CST 20 with 50 % reduction → 225.00 − 100.00 = 125.00', () => {
    // Same Anexo XVIII, art. 4º: Preço × (1 − A × (1 − R)) / (1 − A) × A − Preço × A × (1 − R)
    const r = calculateNfeItem(
      {
        operacao: sale({ ufOrigem: 'RJ', ufDestino: 'RJ' }),
        item: { vProd: 1000, icms: { cst: '20', pICMS: 18, pFCP: 2, pRedBC: 50, motDesICMS: '9' } },
      },
      { origin: rjRule },
    );
    expect(r).toMatchObject({ vBC: 500, vICMS: 90, vFCP: 10, vICMSDeson: 125 });
  });

  it('vICMSDeson by the simple formula: CST 20, 1000 at 18 % reduced 50 % → 180 − 90 = 90.00', () => {
    // MOC NF-e, campo vICMSDeson: ICMS that would be due without the benefit minus the ICMS charged.
    const r = calculateNfeItem({
      operacao: sale(),
      item: { vProd: 1000, icms: { cst: '20', pICMS: 18, pRedBC: 50, motDesICMS: '9' } },
    });
    expect(r.vICMSDeson).toBe(90);
  });

  it('CST 51: 1000 at 18 % with 33.33 % deferred → vICMSDif 59.99, vICMS 120.01', () => {
    // MOC NF-e grupo ICMS51 (NT 2016.002): vICMSOp = vBC × pICMS; vICMSDif = vICMSOp × pDif; vICMS = vICMSOp − vICMSDif
    const r = calculateNfeItem({
      operacao: sale({ ufOrigem: 'PR', ufDestino: 'PR' }),
      item: { vProd: 1000, icms: { cst: '51', pICMS: 18, pDif: '33.33' } },
    });
    expect(r).toMatchObject({ vBC: 1000, vICMSDif: 59.99, vICMS: 120.01 });
  });

  it('PIS 1.65 % and COFINS 7.6 % on the value less the ICMS: (1000 − 180) → 13.53 and 62.32', () => {
    // Lei 10.637/2002 and 10.833/2003 art. 2º (rates); ICMS out of the base: STF RE 574.706 (Tema 69)
    const r = calculateNfeItem({
      operacao: sale(),
      item: {
        vProd: 1000,
        icms: { cst: '00', pICMS: 18 },
        pis: { cst: '01', pPIS: 1.65 },
        cofins: { cst: '01', pCOFINS: 7.6 },
      },
    });
    expect(r).toMatchObject({ vICMS: 180, vPIS: 13.53, vCOFINS: 62.32 });
    const exempt = calculateNfeItem({
      operacao: sale(),
      item: { vProd: 1000, icms: { cst: '00', pICMS: 18 }, pis: { cst: '07', pPIS: 1.65 } },
    });
    expect(exempt.vPIS).toBe(0);
  });
});

describe('IBS/CBS (NT 2025.002, UB16-10)', () => {
  const item = {
    vProd: 1000,
    icms: { cst: '00', pICMS: 18 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  };

  it('2026: base 1000 − 180 − 13.53 − 62.32 = 744.15; CBS 0.9 % = 6.70, IBS UF 0.1 % = 0.74', () => {
    // UB16-10 base; rates LC 214/2025 art. 346 (CBS 0.9 %) and art. 343 (IBS 0.1 %)
    const r = calculateNfeItem({ operacao: sale({ ano: 2026 }), item });
    expect(r).toMatchObject({ vBCIBSCBS: 744.15, pCBS: 0.9, vCBS: 6.7, pIBSUF: 0.1, vIBSUF: 0.74, vIBSMun: 0 });
  });

  it('2027: PIS/COFINS extinct (base 1000 − 180 = 820), IBS 0.05 % state + 0.05 % municipal, CBS estimated 8.4 %', () => {
    // ADCT art. 126, II (PIS/COFINS extinct); ADCT art. 127 and LC 214/2025, art. 344 (IBS 0.05 % + 0.05 %);
    // CBS: the official calculator's 2027 rate (rtc/aliquotas.json, 8.4 %), an estimate.
    const r = calculateNfeItem({ operacao: sale({ data: '2027-03-01' }), item });
    expect(r).toMatchObject({ vPIS: 0, vCOFINS: 0, vBCIBSCBS: 820, estimado: true });
    expect(r).toMatchObject({ pIBSUF: 0.05, vIBSUF: 0.41, pIBSMun: 0.05, vIBSMun: 0.41, pCBS: 8.4, vCBS: 68.88 });
  });

  it('applies the cClassTrib reduction and subtracts the DIFAL and FCP from the base', () => {
    // cClassTrib 200003 (alimentos do Anexo I, pRedCBS = pRedIBS = 100 %); 011001 (60 %)
    const full = calculateNfeItem(
      { operacao: sale(), item: { ...item, ibscbs: { cst: '200', cClassTrib: '200003' } } },
      { classTrib: { code: '200003', cst: '200', pRedCBS: 100, pRedIBS: 100, legalBasis: 'Anexo I' } },
    );
    // NT 2025.002: pCBS is the nominal rate; the reduction goes in gRed (pRedAliq, pAliqEfet)
    expect(full).toMatchObject({ pCBS: 0.9, vCBS: 0, vIBSUF: 0 });
    expect(full.gIBSCBS?.gCBS.gRed).toEqual({ pRedAliq: 100, pAliqEfet: 0 });
    const sixty = calculateNfeItem(
      { operacao: sale(), item: { ...item, ibscbs: { cst: '011', cClassTrib: '011001' } } },
      { classTrib: { code: '011001', cst: '011', pRedCBS: 60, pRedIBS: 60, legalBasis: '' } },
    );
    expect(sixty).toMatchObject({ pCBS: 0.9, vCBS: 2.68, pIBSUF: 0.1, vIBSUF: 0.3 });
    expect(sixty.gIBSCBS?.gCBS.gRed).toEqual({ pRedAliq: 60, pAliqEfet: 0.36 });
    expect(sixty.gIBSCBS?.gIBSUF.gRed).toEqual({ pRedAliq: 60, pAliqEfet: 0.04 });
    const difal = calculateNfeItem({
      operacao: sale({ ufOrigem: 'MT', ufDestino: 'MG', consumidorFinal: true, contribuinte: false, difal: 'simples' }),
      item: { vProd: 1000, icms: { cst: '00', pICMS: 12, pICMSUFDest: 18, pFCPUFDest: 2 }, ibscbs: { cst: '000' } },
    });
    // 1000 − 120 (vICMS) − 60 (vICMSUFDest) − 20 (vFCPUFDest) = 800
    expect(difal.vBCIBSCBS).toBe(800);
  });
});

describe('memoria', () => {
  it('lists each step in order with formula, values, result and legal basis', () => {
    const r = calculateNfeItem({
      operacao: sale(),
      item: { vProd: 100, icms: { cst: '10', pICMS: 12, pMVAST: 50, pICMSST: 18 }, ibscbs: { cst: '000' } },
    });
    expect(r.memoria.map((s) => s.campo)).toEqual([
      'valorOperacao',
      'vBC',
      'vICMS',
      'vBCST',
      'vICMSST',
      'vBCIBSCBS',
      'vCBS',
      'vIBSUF',
      'vIBSMun',
    ]);
    const st = r.memoria[4];
    expect(st).toMatchObject({
      passo: 5,
      resultado: '15.00',
      valores: { vBCST: '150.00', pICMSST: '18.00', icmsProprio: '12.00' },
    });
    for (const s of r.memoria) expect(s.baseLegal.length).toBeGreaterThan(5);
  });
});
