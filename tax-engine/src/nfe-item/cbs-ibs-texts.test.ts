import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { ClassTribFacts, NfeItemContext, NfeItemInput } from './types.js';

// The CBS/IBS steps' description and legal basis, kept by their facts (cbs-ibs-texts.ts) instead of built on every
// line: pinned as the engine wrote them when it built them each time.
const op = (data: string): NfeItemInput['operacao'] => ({
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  data,
});
const plain = { vProd: 1000, icms: { cst: '00', pICMS: 18 } };
const reduced: ClassTribFacts = {
  code: '200003',
  cst: '200',
  pRedCBS: 60,
  pRedIBS: 60,
  legalBasis: 'LC 214/2025, art. 138',
  flags: { gIBSCBS: true, gRed: true },
} as ClassTribFacts;
const fixed = {
  code: '010002',
  cst: '010',
  pRedCBS: 0,
  pRedIBS: 0,
  legalBasis: '',
  specificRates: { CBS: 10.85, IBSUF: 0, IBSMun: 0 },
} as ClassTribFacts;
const suspension: NfeItemContext = {
  classTrib: {
    code: '550001',
    cst: '550',
    pRedCBS: 0,
    pRedIBS: 0,
    legalBasis: 'LC 214/2025, art. 140',
    flags: { gIBSCBS: true },
  } as ClassTribFacts,
  classTribReg: { code: '000001', cst: '000', pRedCBS: 0, pRedIBS: 0, legalBasis: '' } as ClassTribFacts,
};

const texts = (input: NfeItemInput, ctx: NfeItemContext = {}) =>
  calculateNfeItem(input, ctx)
    .memoria.filter((s) => /^v(CBS|IBSUF|IBSMun)$/.test(s.campo))
    .map((s) => [s.descricao, s.baseLegal]);

describe('CBS/IBS step texts', () => {
  it('2026 with a reduced cClassTrib: the reference rates and the cClassTrib named', () => {
    const input = { operacao: op('2026-06-01'), item: { ...plain, ibscbs: { cst: '200', cClassTrib: '200003' } } };
    const expected = [
      [
        'CBS de 2026',
        'LC 214/2025, art. 346; alíquota: LC 214/2025, art. 346; cClassTrib 200003 (LC 214/2025, art. 138); NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
      [
        'IBS estadual de 2026',
        'LC 214/2025, arts. 343 e 344; alíquota: LC 214/2025, art. 343; cClassTrib 200003 (LC 214/2025, art. 138); NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
      [
        'IBS municipal de 2026',
        'LC 214/2025, art. 344; alíquota: LC 214/2025, art. 343; cClassTrib 200003 (LC 214/2025, art. 138); NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
    ];
    expect(texts(input, { classTrib: reduced })).toEqual(expected);
    // A second line on the same facts gets the kept texts: still the same.
    expect(texts(input, { classTrib: reduced })).toEqual(expected);
  });

  it('2027 without a cClassTrib: the estimated CBS rate says so', () => {
    expect(texts({ operacao: op('2027-06-01'), item: { ...plain, ibscbs: { cst: '000' } } })).toEqual([
      [
        'CBS de 2027 (alíquota estimada)',
        'LC 214/2025, art. 346; alíquota: Estimativa: calculadora de referência da RFB (dados abertos V0029, 30/01/2026); alíquota ainda não fixada pelo Senado; NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
      [
        'IBS estadual de 2027',
        'LC 214/2025, arts. 343 e 344; alíquota: ADCT, art. 127; LC 214/2025, art. 344; NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
      [
        'IBS municipal de 2027',
        'LC 214/2025, art. 344; alíquota: ADCT, art. 127; LC 214/2025, art. 344; NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
    ]);
  });

  it('2027 with a fixed-rate cClassTrib, then another cClassTrib on the same date: each its own texts', () => {
    const input = { operacao: op('2027-06-01'), item: { ...plain, ibscbs: { cst: '010', cClassTrib: '010002' } } };
    expect(texts(input, { classTrib: fixed })).toEqual([
      [
        'CBS de 2027 (alíquota fixa do cClassTrib)',
        'LC 214/2025, art. 346; cClassTrib 010002 (Tabela cClassTrib); NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
      [
        'IBS estadual de 2027 (alíquota fixa do cClassTrib)',
        'LC 214/2025, arts. 343 e 344; cClassTrib 010002 (Tabela cClassTrib); NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
      [
        'IBS municipal de 2027 (alíquota fixa do cClassTrib)',
        'LC 214/2025, art. 344; cClassTrib 010002 (Tabela cClassTrib); NT 2025.002 (gRed, gDif, gDevTrib)',
      ],
    ]);
    const other = { ...fixed, code: '010001', specificRates: undefined } as ClassTribFacts;
    expect(texts(input, { classTrib: other })[0]).toEqual([
      'CBS de 2027 (alíquota estimada)',
      'LC 214/2025, art. 346; alíquota: Estimativa: calculadora de referência da RFB (dados abertos V0029, 30/01/2026); alíquota ainda não fixada pelo Senado; cClassTrib 010001 (Tabela cClassTrib); NT 2025.002 (gRed, gDif, gDevTrib)',
    ]);
  });

  it('a suspension (CST 550): the regular regime named', () => {
    const item = {
      ...plain,
      ibscbs: { cst: '550', cClassTrib: '550001', gTribRegular: { CSTReg: '000', cClassTribReg: '000001' } },
    };
    expect(texts({ operacao: op('2026-06-01'), item }, suspension)).toEqual([
      [
        'CBS de 2026: suspenso (CST 550), a tributação afastada em gTribRegular',
        'LC 214/2025, art. 346; alíquota: LC 214/2025, art. 346; cClassTrib 550001 (LC 214/2025, art. 140); Tabela de CST do IBS/CBS (CST 550, indicador gIBSCBS = 1); NT 2025.002 (gTribRegular, UB68)',
      ],
      [
        'IBS estadual de 2026: suspenso (CST 550), a tributação afastada em gTribRegular',
        'LC 214/2025, arts. 343 e 344; alíquota: LC 214/2025, art. 343; cClassTrib 550001 (LC 214/2025, art. 140); Tabela de CST do IBS/CBS (CST 550, indicador gIBSCBS = 1); NT 2025.002 (gTribRegular, UB68)',
      ],
      [
        'IBS municipal de 2026: suspenso (CST 550), a tributação afastada em gTribRegular',
        'LC 214/2025, art. 344; alíquota: LC 214/2025, art. 343; cClassTrib 550001 (LC 214/2025, art. 140); Tabela de CST do IBS/CBS (CST 550, indicador gIBSCBS = 1); NT 2025.002 (gTribRegular, UB68)',
      ],
    ]);
  });
});
