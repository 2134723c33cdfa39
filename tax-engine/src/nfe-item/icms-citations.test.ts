import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { NfeItemIcms, NfeItemInput } from './types.js';

const steps = (
  icms: NfeItemIcms,
  over: { operacao?: Partial<NfeItemInput['operacao']>; item?: Partial<NfeItemInput['item']> } = {},
) =>
  calculateNfeItem({
    operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, ...over.operacao },
    item: { vProd: 100, icms, ...over.item },
  }).memoria;

const cite = (memoria: ReturnType<typeof steps>, campo: string, nth = 0) =>
  memoria.filter((s) => s.campo === campo)[nth]?.baseLegal;

/**
 * Issue 21 §4: each ICMS step kind cites the provision that governs it. The expected texts are written out
 * here, not read from the engine's table, so a changed citation fails until a reviewer re-reads it.
 */
describe('memória: the citation of each ICMS step kind', () => {
  it('own ICMS: base (plain, with IPI, reduced, pauta, tabelado), rate and FCP', () => {
    const plain = steps({ cst: '00', pICMS: 18, pFCP: 2 });
    expect(cite(plain, 'vBC')).toBe(
      'LC 87/1996, art. 13, I e §1º (valor da operação, com frete, seguro e demais importâncias)',
    );
    expect(cite(plain, 'vICMS')).toContain('CF, art. 155, §2º, VI');
    expect(cite(plain, 'vICMS')).toContain('Resolução do Senado 22/1989');
    expect(cite(plain, 'vFCP')).toMatch(/^ADCT, art\. 82, §1º/);
    const ipi = steps(
      { cst: '00', pICMS: 18 },
      { operacao: { consumidorFinal: true }, item: { ipi: { cst: '50', pIPI: 10 } } },
    );
    expect(cite(ipi, 'vBC')).toMatch(/^LC 87\/1996, art\. 13, §2º/);
    expect(cite(steps({ cst: '20', pICMS: 18, pRedBC: 10 }), 'vBC')).toContain('LC 24/1975');
    expect(cite(steps({ cst: '00', pICMS: 18, modBC: 1, vPauta: 2 }, { item: { qTrib: 5 } }), 'vBC')).toContain(
      'art. 8º, §6º',
    );
    expect(cite(steps({ cst: '00', pICMS: 18, modBC: 2, vPMC: 2 }, { item: { qTrib: 5 } }), 'vBC')).toContain(
      'art. 8º, §2º',
    );
  });

  it('deferral cites the origin state RICMS, never LC 87/1996 art. 7º', () => {
    const sp = steps({ cst: '51', pICMS: 18, pDif: 50 });
    expect(cite(sp, 'vICMSDif')).toMatch(/^RICMS-SP \(Decreto 45\.490\/2000\), arts\. 348/);
    expect(cite(sp, 'vICMS')).toBe(cite(sp, 'vICMSDif'));
    const go = steps({ cst: '51', pICMS: 19, pDif: 50 }, { operacao: { ufOrigem: 'GO', ufDestino: 'GO' } });
    expect(cite(go, 'vICMSDif')).toMatch(/^RICMS de GO/);
    // RICMS-TO, art. 6º-A: "Ocorre o diferimento quando o lançamento e o pagamento do imposto ... forem adiados
    // para etapa posterior"; Lei 1.287/2001, art. 7º, §5º: "Fica o Poder Executivo autorizado a conceder
    // diferimento do imposto em operações ou prestações internas" (decision 048).
    const to = steps({ cst: '51', pICMS: 20, pDif: 50 }, { operacao: { ufOrigem: 'TO', ufDestino: 'TO' } });
    expect(cite(to, 'vICMSDif')).toBe(
      'RICMS-TO (Decreto 2.912/2006), art. 6º-A (diferimento), com base na Lei 1.287/2001, art. 7º, II e §5º; MOC NF-e, grupo ICMS51 (vICMSOp, pDif, vICMSDif)',
    );
    for (const memoria of [sp, go]) for (const s of memoria) expect(s.baseLegal).not.toContain('LC 87/1996, art. 7º');
  });

  it('ICMS-ST: base per method, adjusted or original MVA, the tax and FCP-ST', () => {
    const mva = steps(
      { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
      { operacao: { ufDestino: 'RJ' } },
    );
    // Decision 048: Conv. 142/2018 has no "MVA ajustada" formula; its cláusula décima primeira sends the base to
    // "a Margem de Valor Agregado (MVA) estabelecida na unidade federada de destino ou prevista em convênio e
    // protocolo". The formula was read in Conv. ICMS 104/2008 (Conv. 74/1994, cláusula terceira, §1º):
    // "MVA ajustada = [(1+ MVA-ST original) x (1 - ALQ inter) / (1- ALQ intra)] -1".
    expect(cite(mva, 'pMVAST')).toBe(
      'MVA ajustada = [(1 + MVA-ST original) × (1 − ALQ inter) / (1 − ALQ intra)] − 1, fórmula do convênio ou protocolo da mercadoria e da legislação da UF de destino (ex.: Convênio ICMS 74/1994, cláusula terceira, §1º, na redação do Convênio ICMS 104/2008); o Convênio ICMS 142/2018, cláusula décima primeira, remete à MVA desses acordos',
    );
    expect(cite(mva, 'vBCST')).toBe(
      'LC 87/1996, art. 8º, II, "c" e §4º (margem de valor agregado); Convênio ICMS 142/2018, cláusula décima primeira (MVA estabelecida na UF de destino ou prevista em convênio e protocolo)',
    );
    // The base and the adjusted MVA point to the same clause of Conv. 142/2018, never to another one.
    for (const s of mva) expect(s.baseLegal).not.toMatch(/142\/2018, cláusula décima (segunda|terceira)/);
    expect(cite(mva, 'vICMSST')).toMatch(/^LC 87\/1996, art\. 8º, §5º/);
    expect(cite(mva, 'vFCPST')).toContain('NT 2016.002, campos N23a–N23d');
    const simples = steps(
      { csosn: '201', pCredSN: 1, pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20 },
      { operacao: { ufDestino: 'RJ', crt: 1 } },
    );
    // Conv. 35/2011, cláusula primeira: the Simples substitute "não aplicará 'MVA ajustada'"; parágrafo único:
    // "o percentual de MVA adotado será aquele estabelecido a título de 'MVA ST original'".
    expect(cite(simples, 'pMVAST')).toBe(
      'Convênio ICMS 35/2011, cláusula primeira, caput e parágrafo único (remetente optante pelo Simples Nacional não aplica a "MVA ajustada"; usa a "MVA ST original"); regra repetida no Convênio ICMS 142/2018 (MVA prevista para as operações internas)',
    );
    expect(cite(simples, 'vICMSST')).toBe(
      'LC 123/2006, art. 13, §1º, XIII, "a" e §6º (ICMS próprio deduzido pela alíquota aplicável aos demais contribuintes)',
    );
    expect(cite(simples, 'vCredICMSSN')).toBe(
      'LC 123/2006, art. 23, §§1º e 2º (crédito do adquirente = alíquota do Simples do vendedor × valor da operação)',
    );
    const pauta = steps({ cst: '30', modBCST: 5, vPauta: 1, pICMSST: 18 }, { item: { qTrib: 100 } });
    expect(cite(pauta, 'vBCST')).toMatch(/^LC 87\/1996, art\. 8º, §6º/);
    const pmc = steps({ cst: '30', modBCST: 1, vPMC: 1, pICMSST: 18 }, { item: { qTrib: 100 } });
    expect(cite(pmc, 'vBCST')).toMatch(/^LC 87\/1996, art\. 8º, §§2º e 3º/);
    const op = steps({ cst: '30', modBCST: 6, pICMSST: 18 });
    expect(cite(op, 'vBCST')).toContain('NT 2019.001');
  });

  it('ST charged before and the effective ICMS', () => {
    const ret = steps({
      cst: '60',
      vBCSTRet: 100,
      pST: 20,
      vICMSSubstituto: 7,
      vBCFCPSTRet: 100,
      pFCPSTRet: 2,
      pICMSEfet: 18,
    });
    expect(cite(ret, 'vICMSSTRet')).toMatch(
      /^LC 87\/1996, art\. 8º, §5º \(imposto retido na operação anterior\); NT 2016\.002/,
    );
    expect(cite(ret, 'vFCPSTRet')).toContain('N27a–N27c');
    expect(cite(ret, 'vICMSEfet')).toMatch(/^NT 2016\.002 \(grupo do ICMS efetivo/);
  });

  it('monophasic fuel ICMS cites LC 192/2022 and the fuel agreements', () => {
    expect(cite(steps({ cst: '02', qBCMono: 1, adRemICMS: 1 }), 'vICMSMono')).toMatch(
      /^LC 192\/2022, arts\. 3º e 6º.*199\/2022.*15\/2023/,
    );
    const reten = steps({ cst: '15', qBCMono: 1, adRemICMS: 1, qBCMonoReten: 1, adRemICMSReten: 1 });
    expect(cite(reten, 'vICMSMonoReten')).toMatch(/^LC 192\/2022, art\. 4º/);
    expect(cite(steps({ cst: '53', qBCMono: 1, adRemICMS: 1, pDif: 10 }), 'vICMSMono')).toContain('grupo ICMS53');
    expect(cite(steps({ cst: '61', qBCMonoRet: 1, adRemICMSRet: 1 }), 'vICMSMonoRet')).toContain('grupo ICMS61');
  });

  it('relief (vICMSDeson) without a state rule cites the layout field and the origin state law', () => {
    const relief = steps({ cst: '40', pICMS: 18, motDesICMS: '9' });
    expect(cite(relief, 'vICMSDeson')).toBe(
      'MOC NF-e, campo vICMSDeson e motDesICMS (NT 2023.004); valor do benefício pela legislação da UF de origem',
    );
  });
});
