import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { NfeItemIcms, NfeItemInput } from './types.js';

const item = (
  icms: NfeItemIcms,
  over: { operacao?: Partial<NfeItemInput['operacao']>; item?: Partial<NfeItemInput['item']> } = {},
) =>
  calculateNfeItem({
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, ...over.operacao },
    item: { vProd: 100, icms, ...over.item },
  });

describe('ICMS-ST base by modBCST', () => {
  it('modBCST 5 (pauta): vPauta × qTrib = 100.00 at 7 %, CST 30 → vICMSST 7.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=285 (ICMS30: modBCST 5, vBCST 100.00,
    // pICMSST 7.00, vICMSST 7.00); here 40 units at a pauta of R$ 2.50.
    const r = item({ cst: '30', modBCST: 5, vPauta: '2.50', pICMSST: 7 }, { item: { qTrib: 40 } });
    expect(r).toMatchObject({ vBC: 0, vICMS: 0, vBCST: 100, vICMSST: 7 });
    expect(r.memoria.find((s) => s.campo === 'vBCST')?.formula).toBe('vPauta × qTrib × (1 − pRedBCST)');
  });

  it('modBCST 0 (preço tabelado/máximo): 10 × PMC 25.90 = 259.00 at 18 % less own 18.00 → 28.62', () => {
    // LC 87/1996, art. 8º, §2º: the ST base is the price fixed for the final consumer (vPMC × qTrib).
    const r = item({ cst: '10', pICMS: 18, modBCST: 0, vPMC: '25.90', pICMSST: 18 }, { item: { qTrib: 10 } });
    expect(r).toMatchObject({ vBC: 100, vICMS: 18, vBCST: 259, vICMSST: 28.62 });
  });

  it('modBCST 6 (valor da operação, NT 2019.001): 100.00 + IPI 10.00 at 18 % less own 18.00 → 1.80', () => {
    const r = item({ cst: '10', pICMS: 18, modBCST: 6, pICMSST: 18 }, { item: { ipi: { cst: '50', pIPI: 10 } } });
    expect(r).toMatchObject({ vIPI: 10, vBCST: 110, vICMSST: 1.8 });
  });

  it('CSOSN 202: 90.00, MVA 100 %, ST base reduced 10 % → vBCST 162.00, vICMSST 12.96', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=276 (ICMSSN202: modBCST 4, pMVAST 100,
    // pRedBCST 10, vBCST 162.00, pICMSST 18, vICMSST 12.96): 90 × 2 × 0.9 = 162; 162 × 18 % − 90 × 18 %.
    const r = item(
      { csosn: '202', pICMS: 18, modBCST: 4, pMVAST: 100, pRedBCST: 10, pICMSST: 18 },
      { operacao: { crt: 1 }, item: { vProd: 90 } },
    );
    expect(r).toMatchObject({ vBC: 0, vICMS: 0, vBCST: 162, vICMSST: 12.96 });
  });
});

describe('CRT: a Simples Nacional sender takes the original MVA', () => {
  // Convênio ICMS 35/2011, carried into Conv. ICMS 142/2018: "Nas hipóteses em que o contribuinte remetente
  // seja optante pelo Simples Nacional, será aplicada a MVA prevista para as operações internas"
  // (https://tatianescremin.com.br/convenio-icms-142-18-exclui-a-possibilidade-de-mva-ajustada-mas-sera-que-realmente-nao-existira-mais-mva-ajustada/;
  // https://www.contabeis.com.br/forum/tributos-federais/189519/nota-fiscal-eletronica-interestadual-st).
  const st = { pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20 };
  const toRj = { operacao: { ufDestino: 'RJ' as const } };

  it('CRT 3 adjusts 50 % from 12 % to 20 %: (1.5 × 0.88 / 0.80) − 1 = 65.00 %', () => {
    const r = item({ cst: '10', ...st }, { operacao: { ...toRj.operacao, crt: 3 } });
    expect(r).toMatchObject({ pMVAST: 65, vBCST: 165, vICMSST: 21 });
  });

  it('CRT 1 keeps 50 %: vBCST 150.00, vICMSST 150 × 20 % − 12.00 = 18.00, credit 1.25 % = 1.25', () => {
    const r = item({ csosn: '201', ...st, pCredSN: '1.25' }, { operacao: { ...toRj.operacao, crt: 1 } });
    expect(r).toMatchObject({ pMVAST: 50, vBCST: 150, vICMSST: 18, vCredICMSSN: 1.25, vICMS: 0 });
    expect(r.memoria.find((s) => s.campo === 'pMVAST')?.descricao).toContain('Simples Nacional');
  });
});

describe('Simples Nacional credit (LC 123/2006, art. 23, §§1º–2º: pCredSN × valor da operação)', () => {
  it('CSOSN 101: 1000.00 at 2.56 % → vCredICMSSN 25.60', () => {
    const r = item({ csosn: '101', pCredSN: '2.56' }, { operacao: { crt: 1 }, item: { vProd: 1000 } });
    expect(r).toMatchObject({ vCredICMSSN: 25.6, vBC: 0, vICMS: 0 });
  });
});

describe('ST charged before: CST 60 / CSOSN 500 (NT 2016.002)', () => {
  it('CST 60: vBCSTRet 135.00 at 18 % with no substitute ICMS → vICMSSTRet 24.30', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=293 (ICMS60: vBCSTRet 135.00, vICMSSTRet 24.30)
    const r = item({ cst: '60', vBCSTRet: 135, pST: 18, vICMSSubstituto: 0 });
    expect(r).toMatchObject({ vBCSTRet: 135, vICMSSTRet: 24.3, vICMS: 0 });
  });

  it('CSOSN 500: the CST 10 sale of flexdocs 283 seen downstream, with FCP 2 % → 15.00 and FCP 3.00', () => {
    // Upstream (flexdocs article 283 + contabeis 290717): vBC 100, vICMS 12.00, vBCST 150.00 at 18 % + FCP 2 %.
    // pST carries the FCP (NT 2016.002: "já incluso o FCP"): 150 × 20 % = 12.00 + 15.00 + 3.00.
    const r = item(
      { csosn: '500', vBCSTRet: 150, pST: 20, vICMSSubstituto: 12, vBCFCPSTRet: 150, pFCPSTRet: 2 },
      { operacao: { crt: 1 } },
    );
    expect(r).toMatchObject({ vICMSSTRet: 15, vICMSSubstituto: 12, vBCFCPSTRet: 150, vFCPSTRet: 3 });
  });

  it('effective ICMS to a final consumer: 100.00 reduced 33.33 % at 18 % → vBCEfet 66.67, vICMSEfet 12.00', () => {
    const r = item(
      { cst: '60', pRedBCEfet: '33.33', pICMSEfet: 18 },
      { operacao: { consumidorFinal: true, contribuinte: false } },
    );
    expect(r).toMatchObject({ vBCEfet: 66.67, vICMSEfet: 12 });
  });
});

describe('Deferral (CST 51): pDif from 0 to 100 %', () => {
  it('1000.00 at 18 % with a third deferred → vICMSOp 180.00, vICMSDif 60.00, vICMS 120.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=292 ("diferimento parcial do imposto no valor
    // de R$ 60,00 (33,33% de R$ 180,00)", RICMS-PR): pDif carries 4 decimals in the layout, 33.3333.
    const r = item(
      { cst: '51', pICMS: 18, pDif: '33.3333' },
      { operacao: { ufOrigem: 'PR', ufDestino: 'PR' }, item: { vProd: 1000 } },
    );
    expect(r).toMatchObject({ vBC: 1000, vICMSOp: 180, vICMSDif: 60, vICMS: 120 });
  });

  it('total deferral (pDif 100) leaves vICMS 0.00; none (pDif 0) leaves it whole', () => {
    expect(item({ cst: '51', pICMS: 18, pDif: 100 }, { item: { vProd: 1000 } })).toMatchObject({
      vICMSOp: 180,
      vICMSDif: 180,
      vICMS: 0,
    });
    expect(item({ cst: '51', pICMS: 18, pDif: 0 }, { item: { vProd: 1000 } })).toMatchObject({
      vICMSDif: 0,
      vICMS: 180,
    });
  });
});

describe('Monophasic fuel ICMS (LC 192/2022; NT 2023.001)', () => {
  it('CST 02: 1000 l of diesel at the ad rem R$ 0.9456/l (Conv. ICMS 199/2022) → vICMSMono 945.60', () => {
    const r = item({ cst: '02', qBCMono: 1000, adRemICMS: '0.9456' });
    expect(r).toMatchObject({ vICMSMono: 945.6, vBC: 0, vICMS: 0 });
  });

  it('CST 15: own 1000 l and 500 l retained of gasoline at R$ 1.22/l (Conv. ICMS 15/2023) → 1220.00 and 610.00', () => {
    const r = item({ cst: '15', qBCMono: 1000, adRemICMS: '1.22', qBCMonoReten: 500, adRemICMSReten: '1.22' });
    expect(r).toMatchObject({ vICMSMono: 1220, vICMSMonoReten: 610 });
  });

  it('CST 53: 1000 l at R$ 1.22 with 27 % deferred → vICMSMonoOp 1220.00, vICMSMonoDif 329.40, vICMSMono 890.60', () => {
    const r = item({ cst: '53', qBCMono: 1000, adRemICMS: '1.22', pDif: 27 });
    expect(r).toMatchObject({ vICMSMonoOp: 1220, vICMSMonoDif: 329.4, vICMSMono: 890.6 });
  });

  it('CST 61: charged before, 250 kg of LPG at R$ 1.2571/kg (Conv. ICMS 199/2022) → vICMSMonoRet 314.28', () => {
    const r = item({ cst: '61', qBCMonoRet: 250, adRemICMSRet: '1.2571' });
    expect(r).toMatchObject({ vICMSMonoRet: 314.28, vICMSMono: 0 });
  });
});
