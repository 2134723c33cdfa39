import { describe, expect, it } from 'vitest';
import { chooseStMva } from './agreement-mva.js';
import { cestDigits, findStAgreement, type StAgreementRow } from './find-st-agreement.js';

/**
 * Rows as an Admin would record them. Protocolo ICMS 41/2008 (autopeças, CEST segment 01 of Convênio ICMS
 * 142/2018, Anexo II) attributes ST to the sender between its signatories, SP and MG among them; RJ joined by
 * Protocolo ICMS 17/2009 from 01.05.2009; SC denounced it in 2020 (Despacho 12/20) — as summarised on the CONFAZ page
 * https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08. The MVA figure is the row's data: the
 * function carries it, it does not assert it.
 */
const prot41 = 'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08';
const row = (over: Partial<StAgreementRow>): StAgreementRow => ({
  ufOrigem: 'SP',
  ufDestino: 'MG',
  cestSegmento: '01',
  cestCodigos: null,
  temAcordo: true,
  instrumento: 'Protocolo ICMS 41/2008',
  mvaOriginal: '71.7800',
  vigenciaInicio: '2008-06-01',
  vigenciaFim: null,
  fonteUrl: prot41,
  fonteNota: 'Cláusula primeira: ST atribuída ao remetente entre os signatários.',
  ...over,
});

const ask = (over: Partial<Parameters<typeof findStAgreement>[1]> = {}) => ({
  ufOrigem: 'SP',
  ufDestino: 'MG',
  cest: '01.002.00',
  date: '2026-03-10',
  ...over,
});

describe('findStAgreement (Convênio ICMS 142/2018, cláusula segunda: interstate ST only under an agreement)', () => {
  it('answers the agreement in force for the pair and the CEST segment, with its MVA, source and validity', () => {
    const a = findStAgreement([row({})], ask());
    expect(a).toEqual({
      situacao: 'com-acordo',
      instrumento: 'Protocolo ICMS 41/2008',
      mvaOriginal: 71.78,
      fonte: { url: prot41, nota: 'Cláusula primeira: ST atribuída ao remetente entre os signatários.' },
      vigencia: { inicio: '2008-06-01', fim: null },
    });
  });

  it('reads the CEST with or without dots; another segment, the reverse pair or no CEST is sem-dados', () => {
    expect(findStAgreement([row({})], ask({ cest: '0100200' })).situacao).toBe('com-acordo');
    expect(findStAgreement([row({})], ask({ cest: '03.021.00' })).situacao).toBe('sem-dados');
    // An ordered pair: SP → MG says nothing of MG → SP (each state joins or denounces for its own side).
    expect(findStAgreement([row({})], ask({ ufOrigem: 'MG', ufDestino: 'SP' })).situacao).toBe('sem-dados');
    expect(findStAgreement([row({})], ask({ cest: null })).situacao).toBe('sem-dados');
    expect(findStAgreement([row({})], ask({ cest: '0100' })).situacao).toBe('sem-dados');
    expect(cestDigits('01.002.00')).toBe('0100200');
  });

  it('is dated: RJ from its adhesion (Prot. ICMS 17/2009, 01.05.2009), SC until its denunciation', () => {
    const rj = row({ ufDestino: 'RJ', vigenciaInicio: '2009-05-01' });
    expect(findStAgreement([rj], ask({ ufDestino: 'RJ', date: '2009-04-30' })).situacao).toBe('sem-dados');
    expect(findStAgreement([rj], ask({ ufDestino: 'RJ', date: '2009-05-01' })).situacao).toBe('com-acordo');
    const sc = [
      row({ ufDestino: 'SC', vigenciaFim: '2020-03-31' }),
      row({ ufDestino: 'SC', temAcordo: false, mvaOriginal: null, vigenciaInicio: '2020-04-01' }),
    ];
    expect(findStAgreement(sc, ask({ ufDestino: 'SC', date: '2020-03-31' })).situacao).toBe('com-acordo');
    const after = findStAgreement(sc, ask({ ufDestino: 'SC', date: '2020-04-01' }));
    expect(after).toMatchObject({ situacao: 'sem-acordo', instrumento: 'Protocolo ICMS 41/2008' });
    expect(after.mvaOriginal).toBeUndefined();
  });

  it('a row naming the CEST among its codes beats the whole segment; codes it does not name fall to the segment', () => {
    const rows = [
      row({}),
      row({
        cestCodigos: ['01.001.00'],
        temAcordo: false,
        instrumento: 'Protocolo ICMS 41/2008 (item excluído)',
        mvaOriginal: null,
      }),
    ];
    expect(findStAgreement(rows, ask({ cest: '0100100' }))).toMatchObject({
      situacao: 'sem-acordo',
      instrumento: 'Protocolo ICMS 41/2008 (item excluído)',
    });
    expect(findStAgreement(rows, ask({ cest: '0100200' })).situacao).toBe('com-acordo');
    // A code list alone covers only its codes.
    expect(findStAgreement([rows[1]!], ask({ cest: '0100200' })).situacao).toBe('sem-dados');
  });

  it('rows of the same rank in force together: the latest start wins; if they still disagree, sem-dados', () => {
    const older = row({
      cestCodigos: ['01.002.00', '01.003.00'],
      instrumento: 'Protocolo A',
      vigenciaInicio: '2010-01-01',
    });
    const newer = row({
      cestCodigos: ['01.002.00', '01.004.00'],
      instrumento: 'Protocolo B',
      vigenciaInicio: '2015-01-01',
    });
    expect(findStAgreement([older, newer], ask()).instrumento).toBe('Protocolo B');
    const contra = row({ cestCodigos: ['01.002.00', '01.005.00'], temAcordo: false, vigenciaInicio: '2015-01-01' });
    expect(findStAgreement([older, newer, contra], ask()).situacao).toBe('sem-dados');
    // Fewer codes is more specific.
    const single = row({ cestCodigos: ['01.002.00'], instrumento: 'Protocolo C', vigenciaInicio: '2009-01-01' });
    expect(findStAgreement([older, newer, contra, single], ask()).instrumento).toBe('Protocolo C');
  });

  it('inside one UF no agreement is asked (ST there is the state’s own law): sem-dados', () => {
    expect(findStAgreement([row({ ufDestino: 'SP' })], ask({ ufDestino: 'SP' })).situacao).toBe('sem-dados');
  });
});

describe('the MVA of an interstate ST operation', () => {
  const withAgreement = findStAgreement([row({})], ask());

  it('the MVA given (the rule’s IVA) wins; without one the agreement’s (Conv. ICMS 142/2018, cláusula décima primeira)', () => {
    expect(chooseStMva('40.0000', withAgreement)).toEqual({ original: 40, from: 'informada' });
    expect(chooseStMva(null, withAgreement)).toEqual({ original: 71.78, from: 'acordo' });
    expect(chooseStMva('', { situacao: 'sem-acordo', instrumento: 'x' })).toEqual({ original: null, from: null });
    expect(chooseStMva(undefined, { situacao: 'sem-dados' })).toEqual({ original: null, from: null });
  });
});
