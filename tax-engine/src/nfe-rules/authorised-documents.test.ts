import { describe, expect, it } from 'vitest';
import { sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import { insert, setText } from './test-support.js';
import { validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

// False positives found by applying the book to NF-e that SEFAZ authorised (bench/rule-book-real-nfe.ts, corpus of
// public repositories' fixtures, bench/README.md). Each case is rebuilt here on a synthetic NF-e with the shape of the
// authorised document (no third-party data), beside the case the rule must still reject.
const agora = new Date('2026-10-11T12:00:00-03:00');

/** A production NF-e of the date with one duplicata numbered `nDup` (absent when null). */
function withDup(data: string, nDup: string | null, tpAmb: '1' | '2' = '1'): XNode {
  const t = sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
    data,
    tpAmb,
    items: [{ vProd: '100.00', icms: { cst: '00', pICMS: '18' } }],
  });
  const fields = [
    nDup === null ? undefined : el('nDup', nDup),
    el('dVenc', `${data.slice(0, 8)}28`),
    el('vDup', '100.00'),
  ];
  return insert(t, 'NFe/infNFe', el('cobr', [el('dup', fields)]), 'pag');
}
const only = (t: XNode, ...regras: string[]) =>
  validateNfeRules(t, { agora, tabelas: null }).rejeicoes.filter((r) => regras.includes(r.regra));
const y0810 = (t: XNode) => only(t, 'Y08-10');

describe('group Y in production from NT 2016.002 §3.2: Y08-10 (852) from 03/09/2018, Y09-20 (900) from 02/07/2018', () => {
  it('accepts an nDup outside the 001, 002 … format on an NF-e issued in production before 03/09/2018', () => {
    // Shape of an NF-e authorised in SP on 07/08/2018 with nDup "47428/1-1" (NT 2016.002, Y08-10: "implementação
    // futura em ambiente de produção a partir de 03-set-2018").
    expect(y0810(withDup('2018-08-07', '47428/1-1'))).toEqual([]);
    expect(y0810(withDup('2018-08-07', null))).toEqual([]);
  });

  it('rejects the same nDup, or none, from 03/09/2018 on, and in homologation', () => {
    expect(y0810(withDup('2018-09-03', '47428/1-1'))).toMatchObject([{ codigo: '852', encontrado: '47428/1-1' }]);
    expect(y0810(withDup('2018-09-03', null))).toMatchObject([{ codigo: '852', encontrado: 'não informado' }]);
    expect(y0810(withDup('2018-08-07', '47428/1-1', '2'))).toMatchObject([{ codigo: '852', esperado: '001' }]);
  });

  it('Y09-20 applies to a dVenc before the issue date from 02/07/2018 in production', () => {
    const early = (data: string) => {
      const t = withDup(data, '001');
      return setText(t, 'NFe/infNFe/cobr/dup/dVenc', '2018-06-01');
    };
    expect(only(early('2018-06-29'), 'Y09-20')).toEqual([]);
    expect(only(early('2018-07-02'), 'Y09-20')).toMatchObject([{ codigo: '900', encontrado: '2018-06-01' }]);
  });
});

/** An NF-e of the date whose item has cEAN and cEANTrib blank (the schema of layout 4.00 accepts the empty value). */
function blankGtin(data: string, tpAmb: '1' | '2'): XNode {
  const t = sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'PR', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'PR', contribuinte: true },
    data,
    tpAmb,
    items: [{ vProd: '100.00', icms: { cst: '00', pICMS: '18' } }],
  });
  setText(t, 'NFe/infNFe/det/prod/cEAN', '');
  return setText(t, 'NFe/infNFe/det/prod/cEANTrib', '');
}

describe('I03-30 (883) and I12-60 (888), MOC 7.0 annex I group I: "NT 2021.003, Etapa 1"', () => {
  it('accepts a blank GTIN before the rules were in force', () => {
    // Shape of an NF-e authorised in PR homologation on 12/07/2017 with cEAN and cEANTrib blank: NT 2017.001 v1.30
    // applied the rules in homologation from 27/06/2018, production waited for NT 2021.003 (12/09/2022).
    expect(only(blankGtin('2017-07-12', '2'), 'I03-30', 'I12-60')).toEqual([]);
    expect(only(blankGtin('2022-09-09', '1'), 'I03-30', 'I12-60')).toEqual([]);
  });

  it('rejects it in production from 12/09/2022 and in homologation from 27/06/2018', () => {
    expect(only(blankGtin('2022-09-12', '1'), 'I03-30', 'I12-60')).toMatchObject([
      { codigo: '883', esperado: 'SEM GTIN' },
      { codigo: '888', esperado: 'SEM GTIN' },
    ]);
    expect(only(blankGtin('2018-06-27', '2'), 'I03-30', 'I12-60').map((r) => r.codigo)).toEqual(['883', '888']);
  });
});

/** An NF-e (or NFC-e) of the date with indPres and, when given, indIntermed. */
function presence(data: string, indPres: string, indIntermed: string | null, modelo: '55' | '65' = '55'): XNode {
  const t = sampleNfe({
    modelo,
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: modelo === '55' },
    data,
    items: [{ vProd: '100.00', icms: { cst: '00', pICMS: '18' } }],
  });
  setText(t, 'NFe/infNFe/ide/indPres', indPres);
  if (indIntermed !== null) insert(t, 'NFe/infNFe/ide', el('indIntermed', indIntermed), 'procEmi');
  return t;
}

describe('B25c-10 (434) and B25c-20 (435) as NT 2020.006 v1.31 §4.1 left them (later than the MOC 7.0 rows)', () => {
  it('B25c-20 accepts indIntermed 0 with indPres 1, and refuses indIntermed 1 outside indPres 1, 2, 3, 4, 9', () => {
    // Shape of an NFC-e authorised in ES on 13/05/2023: indPres 1, indIntermed 0 (v1.10 added indPres 1).
    expect(only(presence('2023-05-13', '1', '0', '65'), 'B25c-20')).toEqual([]);
    expect(only(presence('2023-05-13', '0', '0'), 'B25c-20')).toEqual([]);
    expect(only(presence('2023-05-13', '0', '1'), 'B25c-20')).toMatchObject([{ codigo: '435' }]);
  });

  it('B25c-10 asks indIntermed of an exit NF-e of finNFe 1 from 04/04/2022 in production (v1.30)', () => {
    expect(only(presence('2022-04-01', '2', null), 'B25c-10')).toEqual([]);
    expect(only(presence('2022-04-04', '2', null), 'B25c-10')).toMatchObject([{ codigo: '434' }]);
    const entry = presence('2022-04-04', '9', null);
    setText(entry, 'NFe/infNFe/ide/tpNF', '0');
    expect(only(entry, 'B25c-10')).toEqual([]);
    const energy = presence('2022-04-04', '9', null);
    setText(energy, 'NFe/infNFe/det/prod/CFOP', '5252');
    expect(only(energy, 'B25c-10')).toEqual([]);
  });
});
