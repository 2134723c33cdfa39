import { describe, expect, it } from 'vitest';
import { TaxInputError } from '../input-checks.js';
import { sampleNfe } from '../nfe-rules/sample-nfe.js';
import { el } from '../nfe-rules/sample-xml.js';
import type { XNode } from '../nfe-rules/xml-node.js';
import { xmlPathOfRequestField } from './field-paths.js';
import { readNfeToComplete } from './read-nfe.js';

const nfe = sampleNfe({
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
  destinatario: { cpf: '52998224725', uf: 'RJ', contribuinte: false },
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

describe('readNfeToComplete: what the issuer decides, never the figures', () => {
  it('reads the operation and the item’s rates; the values in the tax groups are left out', () => {
    const doc = readNfeToComplete(nfe);
    expect(doc.operacao).toEqual({
      ufOrigem: 'SP',
      ufDestino: 'RJ',
      consumidorFinal: true,
      contribuinte: false,
      data: '2026-03-10',
      crt: 3,
    });
    const item = doc.dets[0]!.item;
    expect(item).toMatchObject({ vProd: '300.00', vDesc: '10.00', ncm: '22021000', origem: 0 });
    expect(item.icms).toEqual({
      cst: '10',
      modBC: 3,
      pICMS: '12.0000',
      modBCST: 4,
      pMVAST: '40.0000',
      pICMSST: '20.0000',
    });
    expect(item.ipi).toEqual({ cst: '50', pIPI: '5.0000', cEnq: '999' });
    expect(item.pis).toEqual({ cst: '01', pPIS: '1.6500' });
    // The deferral each sphere states, by tax; the reduction is the table's (no field for it in the request).
    expect(item.ibscbs).toEqual({
      cst: '515',
      cClassTrib: '515001',
      gDif: { pDifIBSUF: '50.0000', pDifIBSMun: '50.0000', pDifCBS: '50.0000' },
    });
  });

  it('refuses a service item (ISSQN) and an item without ICMS, naming the det', () => {
    const withTax = (imposto: XNode[]): XNode => {
      const t = structuredClone(nfe);
      const det = t.children[0]!.children.find((c) => c.name === 'det')!;
      det.children = [det.children[0]!, el('imposto', imposto)];
      return t;
    };
    const issqn = () => readNfeToComplete(withTax([el('ISSQN', [el('vBC', '1.00')])]));
    expect(issqn).toThrow(TaxInputError);
    expect(issqn).toThrow('Item 1: grupo ISSQN: o motor não calcula o ISSQN, imposto municipal dos serviços');
    // ICMSPart carries CST 10 or 90 and ICMSST CST 41 or 60: refused by name, never written as ICMS10/90/40/60.
    const part = () =>
      readNfeToComplete(
        withTax([el('ICMS', [el('ICMSPart', [el('orig', '0'), el('CST', '10'), el('pBCOp', '100.00')])])]),
      );
    expect(part).toThrow('Item 1: grupo ICMS/ICMSPart: o motor não calcula a partilha do ICMS');
    const st = () => readNfeToComplete(withTax([el('ICMS', [el('ICMSST', [el('orig', '0'), el('CST', '60')])])]));
    expect(st).toThrow('Item 1: grupo ICMS/ICMSST: o motor não calcula o repasse');
    try {
      st();
    } catch (e) {
      expect((e as TaxInputError).field).toBe('det[nItem=1]/imposto/ICMS/ICMSST');
    }
    expect(() => readNfeToComplete(withTax([]))).toThrow('Item 1: informe o grupo ICMS');
  });

  it('names request fields as the tags of the item', () => {
    expect(xmlPathOfRequestField('item.icms.pICMS', 2)).toBe('det[nItem=2]/imposto/ICMS/pICMS');
    expect(xmlPathOfRequestField('icms.cBenef', 1)).toBe('det[nItem=1]/prod/cBenef');
    expect(xmlPathOfRequestField('ncm', 3)).toBe('det[nItem=3]/prod/NCM');
    expect(xmlPathOfRequestField('ibscbs.cClassTrib', 1)).toBe('det[nItem=1]/imposto/IBSCBS/cClassTrib');
    expect(xmlPathOfRequestField('icms.pICMSUFDest', 1)).toBe('det[nItem=1]/imposto/ICMSUFDest/pICMSUFDest');
  });
});
