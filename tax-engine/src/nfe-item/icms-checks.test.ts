import { describe, expect, it } from 'vitest';
import { TaxInputError } from '../input-checks.js';
import { calculateNfeItem } from './calculate-nfe-item.js';
import { describeIcmsProblems } from './icms-checks.js';
import type { NfeItemIcms, NfeItemInput } from './types.js';

const input = (
  icms: NfeItemIcms,
  over: { operacao?: Partial<NfeItemInput['operacao']>; item?: Partial<NfeItemInput['item']> } = {},
): NfeItemInput => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, ...over.operacao },
  item: { vProd: 100, icms, ...over.item },
});

/** The problems of an input, as [field, message]; the engine refuses the first as a TaxInputError. */
function problems(i: NfeItemInput) {
  const list = describeIcmsProblems(i);
  if (list.length > 0) expect(() => calculateNfeItem(i)).toThrow(TaxInputError);
  return list.map((p) => [p.field, p.message]);
}

describe('ICMS bad inputs (issue 21 §3): a message naming the field, nothing computed', () => {
  it('CST against CRT: CRT 1/4 take CSOSN, CRT 2/3 take CST', () => {
    expect(problems(input({ cst: '00', pICMS: 18 }, { operacao: { crt: 1 } }))).toEqual([
      ['operacao.crt', 'crt 1 (Simples Nacional) usa CSOSN: o CST 00 é do regime normal. Informe item.icms.csosn.'],
    ]);
    expect(problems(input({ csosn: '102' }, { operacao: { crt: 3 } }))[0]?.[0]).toBe('operacao.crt');
    expect(problems(input({ csosn: '102' }, { operacao: { crt: 2 } }))[0]?.[1]).toContain('CSOSN 102');
    expect(problems(input({ cst: '00', pICMS: 18 }, { operacao: { crt: 4 } }))[0]?.[0]).toBe('operacao.crt');
    expect(problems(input({ csosn: '102' }, { operacao: { crt: 4 } }))).toEqual([]);
  });

  it('ST CSTs without the ST rate or the base method or its inputs', () => {
    expect(problems(input({ cst: '10', pICMS: 18, pMVAST: 40 }))).toEqual([
      ['item.icms.pICMSST', 'pICMSST: informe a alíquota do ICMS-ST (CST 10).'],
    ]);
    expect(problems(input({ cst: '10', pICMS: 18, pICMSST: 18 }))[0]?.[0]).toBe('item.icms.modBCST');
    expect(problems(input({ csosn: '201', pCredSN: 1, pICMSST: 18, modBCST: 4 }))).toEqual([
      ['item.icms.pMVAST', 'pMVAST: informe o campo (modBCST 4).'],
    ]);
    expect(problems(input({ cst: '30', pICMSST: 18, modBCST: 5 }))).toEqual([
      ['item.icms.vPauta', 'vPauta: informe o campo (modBCST 5).'],
      ['item.qTrib', 'qTrib: informe o campo (modBCST 5).'],
    ]);
    expect(
      problems(input({ cst: '70', pRedBC: 10, pICMS: 18, pICMSST: 18, modBCST: 2 }, { item: { qTrib: 1 } })),
    ).toEqual([['item.icms.vPMC', 'vPMC: informe o campo (modBCST 2).']]);
    // CST 90 retains ST only when ST fields are sent; then they must be complete.
    expect(problems(input({ cst: '90', pICMS: 18 }))).toEqual([]);
    expect(problems(input({ cst: '90', pICMS: 18, pMVAST: 30 }))[0]?.[0]).toBe('item.icms.pICMSST');
  });

  it('pRedBC missing for CST 20/70, or sent for CST 00', () => {
    expect(problems(input({ cst: '20', pICMS: 18 }))).toEqual([
      ['item.icms.pRedBC', 'pRedBC: informe o percentual de redução da base de cálculo (obrigatório no CST 20).'],
    ]);
    expect(problems(input({ cst: '70', pICMS: 18, pICMSST: 18, pMVAST: 40 }))[0]?.[0]).toBe('item.icms.pRedBC');
    expect(problems(input({ cst: '00', pICMS: 18, pRedBC: 10 }))).toEqual([
      ['item.icms.pRedBC', 'pRedBC não se aplica ao CST 00 (tributada integralmente): base reduzida é o CST 20.'],
    ]);
  });

  it('a non-contributor who is not a final consumer (NF-e rejection 696)', () => {
    expect(problems(input({ cst: '00', pICMS: 18 }, { operacao: { contribuinte: false } }))[0]?.[0]).toBe(
      'operacao.consumidorFinal',
    );
  });

  it('an interstate pICMS inconsistent with origin, destination or imported origin (Res. Senado 22/1989, 13/2012)', () => {
    const sale = (pICMS: number, ufDestino: 'BA' | 'RJ', origem = 0) =>
      problems(input({ cst: '00', pICMS }, { operacao: { ufDestino }, item: { origem } }));
    expect(sale(7, 'BA')).toEqual([]);
    expect(sale(12, 'BA')).toEqual([
      [
        'item.icms.pICMS',
        'pICMS 12% não é a alíquota interestadual desta operação (Resolução do Senado 22/1989: 7% de SP para BA).',
      ],
    ]);
    expect(sale(12, 'RJ')).toEqual([]);
    expect(sale(4, 'RJ', 1)).toEqual([]);
    expect(sale(12, 'RJ', 8)[0]?.[1]).toContain('4% pela Resolução do Senado 13/2012');
    // Origin 6 (imported without national similar, CAMEX list) keeps the 7/12 % rates.
    expect(sale(7, 'BA', 6)).toEqual([]);
  });

  it('an unknown motDesICMS for the CST (MOC 7.0 lists per group)', () => {
    expect(problems(input({ cst: '40', motDesICMS: '2' }))).toEqual([
      [
        'item.icms.motDesICMS',
        'motDesICMS 2 não existe para o CST 40. Use um dos motivos: 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 90.',
      ],
    ]);
    expect(problems(input({ cst: '20', pICMS: 18, pRedBC: 10, motDesICMS: '7' }))[0]?.[1]).toContain('3, 9, 12');
    expect(problems(input({ cst: '30', pICMSST: 18, pMVAST: 30, motDesICMS: '7' }))).toEqual([]);
    expect(problems(input({ cst: '00', pICMS: 18, motDesICMS: '9' }))[0]?.[1]).toBe(
      'motDesICMS não se aplica ao CST 00 (sem ICMS desonerado).',
    );
  });

  it('the inputs of the Simples credit, ST retained, deferral and monophasic groups', () => {
    expect(problems(input({ csosn: '101' }))[0]).toEqual([
      'item.icms.pCredSN',
      'pCredSN: informe a alíquota do crédito do Simples Nacional (obrigatória no CSOSN 101).',
    ]);
    expect(problems(input({ cst: '00', pICMS: 18, pCredSN: 2 }))[0]?.[0]).toBe('item.icms.pCredSN');
    expect(problems(input({ cst: '60', vBCSTRet: 100 })).map((p) => p[0])).toEqual([
      'item.icms.pST',
      'item.icms.vICMSSubstituto',
    ]);
    expect(problems(input({ cst: '51', pICMS: 18 }))[0]?.[0]).toBe('item.icms.pDif');
    expect(problems(input({ cst: '02', qBCMono: 10 }))[0]?.[0]).toBe('item.icms.adRemICMS');
    expect(problems(input({ cst: '15', qBCMono: 10, adRemICMS: 1 })).map((p) => p[0])).toEqual([
      'item.icms.qBCMonoReten',
      'item.icms.adRemICMSReten',
    ]);
    expect(problems(input({ cst: '53', qBCMono: 10, adRemICMS: 1 }))[0]?.[0]).toBe('item.icms.pDif');
    expect(problems(input({ cst: '61' })).map((p) => p[0])).toEqual(['item.icms.qBCMonoRet', 'item.icms.adRemICMSRet']);
  });

  it('pRedAdRem/motRedAdRem (NT 2023.001, N47/N48) are refused by name: the formula is not settled (decision 048)', () => {
    const cst15 = { cst: '15', qBCMono: 10, adRemICMS: 1, qBCMonoReten: 10, adRemICMSReten: 1 };
    expect(problems(input({ ...cst15, pRedAdRem: 100, motRedAdRem: 1 })).map((p) => p[0])).toEqual([
      'item.icms.pRedAdRem',
      'item.icms.motRedAdRem',
    ]);
    expect(problems(input({ ...cst15, pRedAdRem: 0 }))[0]?.[1]).toContain('não é calculada');
    expect(problems(input(cst15))).toEqual([]);
  });
});
