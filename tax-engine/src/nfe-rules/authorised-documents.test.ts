import { describe, expect, it } from 'vitest';
import { sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import { insert } from './test-support.js';
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
const y0810 = (t: XNode) => validateNfeRules(t, { agora, tabelas: null }).rejeicoes.filter((r) => r.regra === 'Y08-10');

describe('Y08-10 (852, MOC 7.0 annex I group Y; format of nDup from NT 2016.002 v1.60, production 03/09/2018)', () => {
  it('accepts an nDup outside the 001, 002 … format on an NF-e issued in production before 03/09/2018', () => {
    // Shape of an NF-e authorised in SP on 07/08/2018 with nDup "47428/1-1" (NT 2016.002 v1.60 pp. 62-64: the
    // three-digit sequence is validated from 03/09/2018).
    expect(y0810(withDup('2018-08-07', '47428/1-1'))).toEqual([]);
  });

  it('rejects the same nDup from 03/09/2018 on, and in homologation', () => {
    expect(y0810(withDup('2018-09-03', '47428/1-1'))).toMatchObject([{ codigo: '852', encontrado: '47428/1-1' }]);
    expect(y0810(withDup('2018-08-07', '47428/1-1', '2'))).toMatchObject([{ codigo: '852', esperado: '001' }]);
  });

  it('rejects a duplicata without nDup before 03/09/2018 too ("não informado" since layout 4.00)', () => {
    expect(y0810(withDup('2018-08-07', null))).toMatchObject([{ codigo: '852', encontrado: 'não informado' }]);
  });
});
