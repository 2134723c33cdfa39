import { describe, expect, it } from 'vitest';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { buildItemRequest } from './recompute.js';

// The audit recomputes a stored item through the engine's one NF-e item mapping (itemRequestOf, decision 074),
// lenient and limited to the tags its findings were measured on.
const doc = {
  source: 'xml',
  fileName: 'x.xml',
  line: 1,
  chave: null,
  key: 'k',
  model: '55',
  number: '1',
  issuedOn: '2026-03-10',
  issuerCnpj: null,
  recipientDoc: null,
  ufOrigin: 'SP',
  ufDestination: 'RJ',
  ide: { tpNF: '1', finNFe: '1', indFinal: '0', indIEDest: '2', CRT: '3' },
  protocolStatus: '100',
  total: null,
  items: [],
} satisfies FiscalDocument;

/** A det as the documents reader stores it: prod by tag, imposto as 'GROUP.tag' (first of a name), values too. */
const stored: DocumentItem = {
  nItem: 1,
  prod: { cProd: 'A1', NCM: '84713012', CFOP: '6102', vProd: '1000.00', vFrete: '20.00', vDesc: '', qTrib: '2' },
  taxes: {
    'ICMS.orig': '1',
    'ICMS.CST': '20',
    'ICMS.modBC': '3',
    'ICMS.pRedBC': '10.0000',
    'ICMS.vBC': '918.00',
    'ICMS.pICMS': '4.0000',
    'ICMS.vICMS': '36.72',
    'ICMS.motDesICMS': '9',
    'IPI.cEnq': '999',
    'IPI.CST': '50',
    'IPI.pIPI': '5.0000',
    'IPI.qUnid': '2.0000',
    'PIS.CST': '01',
    'PIS.pPIS': '1.6500',
    'PIS.vBC': '983.28',
    'COFINS.CST': '',
    'COFINS.pCOFINS': '7.6000',
    'IBSCBS.CST': '000',
    'IBSCBS.cClassTrib': '000001',
    'IBSCBS.pDif': '50.0000',
  },
};

describe('buildItemRequest: the stored item through the engine’s one mapping', () => {
  it('takes the codes and the rates the audit compares, never the stored figures, and leaves out what it would refuse', () => {
    expect(JSON.parse(JSON.stringify(buildItemRequest(doc, stored, '2026-03-10')))).toEqual({
      operacao: {
        ufOrigem: 'SP',
        ufDestino: 'RJ',
        consumidorFinal: false,
        // indIEDest 2 (isento) is a taxpayer for the audit.
        contribuinte: true,
        crt: 3,
        data: '2026-03-10',
      },
      item: {
        vProd: '1000.00',
        vFrete: '20.00',
        ncm: '84713012',
        origem: 1,
        icms: { cst: '20', pICMS: '4.0000', pRedBC: '10.0000', ajustarMva: false },
        ipi: { cst: '50', pIPI: '5.0000' },
        pis: { cst: '01', pPIS: '1.6500' },
        // COFINS without its CST is left out (lenient); the IBS/CBS deferral is not one of the audited tags.
        ibscbs: { cst: '000', cClassTrib: '000001' },
      },
    });
  });

  it('replaces the ICMS part with the fiscal rule’s, and drops an NCM or origin the request would refuse', () => {
    const odd = { ...stored, prod: { ...stored.prod, NCM: '8471' }, taxes: { ...stored.taxes, 'ICMS.orig': 'X' } };
    const req = buildItemRequest(doc, odd, '2026-03-10', { cst: '00', pRedBC: undefined, pICMS: '12' });
    expect(req.item.ncm).toBeUndefined();
    expect(req.item.origem).toBeUndefined();
    expect(JSON.parse(JSON.stringify(req.item.icms))).toEqual({ cst: '00', pICMS: '12', ajustarMva: false });
  });
});

describe('buildItemRequest: the recipient when the XML has no dest/indIEDest', () => {
  const operationOf = (ide: Record<string, string>, model = '55') =>
    buildItemRequest({ ...doc, model, ide }, stored, '2026-03-10').operacao;

  it('layout 2.00 (no indIEDest, no indFinal): a contributor, so the engine recomputes it (not rejection 696)', () => {
    const op = operationOf({ tpNF: '1', finNFe: '1', CRT: '3' });
    expect([op.contribuinte, op.consumidorFinal]).toEqual([true, false]);
  });

  it('an NFC-e without dest (indFinal 1): a non-contributor final consumer, as with a CPF and indIEDest 9', () => {
    const noDest = operationOf({ tpNF: '1', finNFe: '1', indFinal: '1', CRT: '3' }, '65');
    const cpf = operationOf({ tpNF: '1', finNFe: '1', indFinal: '1', indIEDest: '9', CRT: '3' }, '65');
    expect([noDest.contribuinte, noDest.consumidorFinal]).toEqual([false, true]);
    expect(noDest).toEqual(cpf);
  });
});
