import { describe, expect, it } from 'vitest';
import { sampleNfe } from '../nfe-rules/sample-nfe.js';
import { child } from '../nfe-rules/xml-node.js';
import { itemRequestOf } from './item-request.js';
import { nfeItemTagsOf } from './read-nfe.js';

// One NF-e item → engine request mapping for POST /nfe/complete (the XML) and the documents audit (its stored
// 'GROUP.tag' shape): the same item described both ways gives the same request.
const nfe = sampleNfe({
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
  destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
  data: '2026-03-10',
  items: [
    {
      vProd: '300.00',
      vDesc: '10.00',
      icms: { cst: '10', pICMS: '12', st: { pMVAST: '40', pICMSST: '20' } },
      ipi: { pIPI: '5' },
      pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
      ibscbs: { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '50' },
    },
  ],
});
const det = child(nfe.children[0]!, 'det')!;
const tags = nfeItemTagsOf(child(det, 'prod')!, child(det, 'imposto')!);

/**
 * The documents reader's shape of the same det, derived here from nfeItemTagsOf (the engine cannot import the
 * server): that the real reader (readNfeXml) stores exactly this is checked by
 * server/src/modules/documents/read/item-tags-drift.unit.test.ts, which fails if the two flatteners drift.
 */
const stored = {
  prod: { ...tags.prod },
  taxes: Object.fromEntries(Object.entries(tags.taxes).filter(([k]) => !k.includes('/'))),
};

describe('itemRequestOf: one mapping of an NF-e item to the engine request', () => {
  it('reads the same request from the XML and from the documents’ stored shape, but for the IBS/CBS spheres', () => {
    const fromXml = itemRequestOf(tags);
    const fromStore = itemRequestOf(stored);
    // The spheres' deferral is read by path (pDif repeats in gIBSUF, gIBSMun and gCBS): only the XML gives it.
    expect(fromXml.ibscbs?.gDif).toEqual({ pDifIBSUF: '50.0000', pDifIBSMun: '50.0000', pDifCBS: '50.0000' });
    expect(fromStore.ibscbs?.gDif).toBeUndefined();
    expect({ ...fromXml, ibscbs: { ...fromXml.ibscbs, gDif: undefined } }).toEqual(fromStore);
    expect(fromStore).toMatchObject({
      vProd: '300.00',
      vDesc: '10.00',
      ncm: '22021000',
      origem: 0,
      icms: { cst: '10', modBC: 3, pICMS: '12.0000', modBCST: 4, pMVAST: '40.0000', pICMSST: '20.0000' },
      ipi: { cst: '50', cEnq: '999', pIPI: '5.0000' },
      pis: { cst: '01', pPIS: '1.6500' },
      cofins: { cst: '01', pCOFINS: '7.6000' },
    });
    // The values of the tax groups are never taken: the engine computes them.
    expect(JSON.stringify(fromXml)).not.toMatch(/"v(BC|ICMS|IPI|PIS|COFINS|BCST|ICMSST)"/);
  });

  it('passes a value the request refuses on to be named (completion); lenient leaves it out (the audit)', () => {
    const bad = {
      prod: { NCM: '2202', vProd: '' },
      taxes: { 'ICMS.CST': '00', 'ICMS.orig': '9', 'IPI.pIPI': '5', 'PIS.CST': '' },
    };
    const strict = itemRequestOf(bad);
    expect(strict).toMatchObject({ ncm: '2202', origem: 9, ipi: { pIPI: '5' } });
    expect(strict.vProd).toBeUndefined();
    expect(strict.pis).toEqual({});
    const lenient = itemRequestOf(bad, { lenient: true });
    expect(lenient.ncm).toBeUndefined();
    expect(lenient.origem).toBeUndefined();
    // A group without its CST is left out; a missing vProd is 0 (the stored value as the document wrote it).
    expect(lenient.ipi).toBeUndefined();
    expect(lenient.pis).toBeUndefined();
    expect(itemRequestOf({ prod: {}, taxes: {} }, { lenient: true }).vProd).toBe('0');
  });
});
