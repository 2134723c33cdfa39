import { itemRequestOf, nfeItemTagsOf, nodeToXml, sampleNfe, type XNode } from '@app/tax-engine';
import { describe, expect, it } from 'vitest';
import type { DocumentItem, ReadEvent } from './document-model.js';
import { readNfeXml } from './nfe-xml-reader.js';

// Decision 074: one NF-e item → engine request mapping (itemRequestOf) for POST /nfe/complete, which flattens the
// XML with nfeItemTagsOf, and the documents audit, which passes the item as this reader stored it. The two
// flatteners are separate code (a streaming reader and a tree walk): here the stored side is the real reader's
// output, so a drift between them (a group filter, an empty value, the first of a name) fails the test.
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
    {
      vProd: '1000.00',
      icms: { cst: '00', pICMS: '12' },
      difal: { pICMSUFDest: '20', pICMSInter: '12', pFCPUFDest: '2' },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
    { vProd: '50.00', icms: { cst: '20', pICMS: '12', pRedBC: '33.33' } },
  ],
});

async function storedItems(tree: XNode): Promise<DocumentItem[]> {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(tree)}`;
  async function* chunks() {
    yield new TextEncoder().encode(xml);
  }
  const out: DocumentItem[] = [];
  for await (const e of readNfeXml(chunks(), 'nota.xml') as AsyncIterable<ReadEvent>) {
    expect('problem' in e ? e.problem : null).toBeNull();
    if ('document' in e) out.push(...e.document.items);
  }
  return out;
}

describe('the documents reader and nfeItemTagsOf describe an item alike (itemRequestOf’s two callers)', () => {
  it('every stored tag is nfeItemTagsOf’s, and the requests are equal but for the IBS/CBS spheres’ deferral', async () => {
    const dets = nfe.children[0]!.children.filter((c) => c.name === 'det');
    const stored = await storedItems(nfe);
    expect(stored).toHaveLength(dets.length);
    dets.forEach((det, i) => {
      const tags = nfeItemTagsOf(
        det.children.find((c) => c.name === 'prod')!,
        det.children.find((c) => c.name === 'imposto')!,
      );
      const flat = Object.fromEntries(Object.entries(tags.taxes).filter(([k, v]) => !k.includes('/') && v !== ''));
      const item = stored[i]!;
      // The sample's groups are all ones the audit reads (ICMS, IPI, PIS, COFINS, ICMSUFDest, IBSCBS): the reader
      // holds exactly the tree's flat tags, first of each name, no empty value.
      expect(item.taxes).toEqual(flat);
      expect(item.prod).toEqual(Object.fromEntries(Object.entries(tags.prod).filter(([, v]) => v !== '')));
      const fromXml = itemRequestOf(tags);
      const fromStore = itemRequestOf({ prod: item.prod, taxes: item.taxes });
      // The spheres' pDif repeats in gIBSUF, gIBSMun and gCBS: only the XML's paths give it (decision 074).
      expect({ ...fromXml, ibscbs: fromXml.ibscbs && { ...fromXml.ibscbs, gDif: undefined } }).toEqual(
        fromStore.ibscbs ? { ...fromStore, ibscbs: { ...fromStore.ibscbs, gDif: undefined } } : fromStore,
      );
    });
  });
});
