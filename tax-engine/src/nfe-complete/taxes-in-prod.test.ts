import { describe, expect, it } from 'vitest';
import type { NfeItemResult } from '../nfe-item/types.js';
import { sampleNfe } from '../nfe-rules/sample-nfe.js';
import { el } from '../nfe-rules/sample-xml.js';
import { child, text, type XNode } from '../nfe-rules/xml-node.js';
import { icmsContributorOf, itemRequestOf } from './item-request.js';
import { readNfeToComplete } from './read-nfe.js';
import { goodsValueOf, prodFormOf, shownTaxesOf, taxesCarried } from './taxes-in-prod.js';
import { prodOfYear } from './write-totals.js';

// NT 2026.008 v1.00, I11 observação: "A partir de 2027, os valores de IBS, CBS e IS compõem o Valor Total Bruto,
// exceto nas notas de importação" — the completion adds them to vProd (prodOfYear); a reader of the issued NF-e
// takes the same amount back out (goodsValueOf) to compute on the goods' value (decision 075).
const answer = (over: Partial<NfeItemResult>) => ({ vIBSUF: 0, vIBSMun: 0, vCBS: 0, vIS: 0, ...over }) as NfeItemResult;
// 2027 rates (reference-data/rtc): CBS 8.4 % and IBS 0.05 % + 0.05 % of 820.00 = 68.88 and 0.82; IS 12.35.
const taxed = answer({
  gIBSCBS: { vBC: 820, vIBS: 0.82, gCBS: { vCBS: 68.88 } } as NfeItemResult['gIBSCBS'],
  IS: { vIS: 12.35 } as NfeItemResult['IS'],
});
const prod = (cfop: string, vProd = '1000.00') =>
  el('prod', [el('CFOP', cfop), el('qCom', '3.0000'), el('vProd', vProd), el('qTrib', '3.0000')]);
/** The issued item as the documents store it: its printed IBS, CBS and IS as 'GROUP.tag'. */
const stored = { 'IBSCBS.vIBS': '0.82', 'IBSCBS.vCBS': '68.88', 'IS.vIS': '12.35' };

describe('goodsValueOf: the goods of an issued item, the inverse of the completion’s vProd', () => {
  it('2027: 1,082.05 written by prodOfYear gives back the ERP’s 1,000.00 (IBS 0.82 + CBS 68.88 + IS 12.35)', () => {
    const written = text(prodOfYear(prod('5102'), taxed, 2027), 'vProd');
    expect(written).toBe('1082.05');
    expect(goodsValueOf(written, shownTaxesOf(stored), 2027, '5102')).toBe('1000.00');
  });

  it('the monophasic IBS and CBS (gMonoPadrao) are taken out as the completion added them', () => {
    const shown = shownTaxesOf({ 'IBSCBS.vIBSMono': '1.50', 'IBSCBS.vCBSMono': '3.25' });
    expect(taxesCarried(shown, 2030, '5656').toFixed(2)).toBe('4.75');
    expect(goodsValueOf('504.75', shown, 2030, '5656')).toBe('500.00');
  });

  it('2026 (the test year) and an import (CFOP 3102): vProd is the goods, returned exactly as written', () => {
    expect(goodsValueOf('1000.0', shownTaxesOf(stored), 2026, '5102')).toBe('1000.0');
    expect(goodsValueOf('1000.00', shownTaxesOf(stored), 2027, '3102')).toBe('1000.00');
    expect(goodsValueOf(undefined, {}, 2026, '5102')).toBe('0');
  });

  it('itemRequestOf asks the engine on the goods for an issued 2027 item; the completion’s draft is read as is', () => {
    const tags = {
      prod: { CFOP: '5102', vProd: '1082.05', NCM: '84713012' },
      taxes: { 'ICMS.CST': '00', 'ICMS.pICMS': '18.0000', 'IBSCBS.CST': '000', ...stored },
    };
    expect(itemRequestOf(tags, { lenient: true, issuedIn: 2027 }).vProd).toBe('1000.00');
    expect(itemRequestOf(tags, { lenient: true, issuedIn: 2026 }).vProd).toBe('1082.05');
    // POST /nfe/complete: vProd is the draft's price, before any tax is added (decision 075).
    expect(itemRequestOf(tags).vProd).toBe('1082.05');
  });
});

/** The sample NF-e with dest/indIEDest set to `ind` (and IE ISENTO for 2), or without dest. */
function withRecipient(ind: '1' | '2' | '9' | null): XNode {
  const nfe = sampleNfe({
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
    data: '2026-03-10',
    items: [{ vProd: '100.00', icms: { cst: '00', pICMS: '12' } }],
  });
  const infNFe = nfe.children[0]!;
  const dest = child(infNFe, 'dest')!;
  const children = dest.children
    .filter((c) => c.name !== 'IE')
    .flatMap((c) =>
      c.name !== 'indIEDest'
        ? [c]
        : ind === '2'
          ? [el('indIEDest', '2'), el('IE', 'ISENTO')]
          : [el('indIEDest', ind ?? '9')],
    );
  infNFe.children = infNFe.children.flatMap((c) => (c.name !== 'dest' ? [c] : ind ? [{ ...c, children }] : []));
  return nfe;
}

describe('icmsContributorOf: one reading of dest/indIEDest (MOC 7.0, E16a)', () => {
  it('1 and 2 (contribuinte isento de inscrição) are ICMS contributors; 9 and no dest are not', () => {
    expect(['1', '2', '9', undefined].map(icmsContributorOf)).toEqual([true, true, false, false]);
  });

  it('POST /nfe/complete reads the operation with it', () => {
    const contributor = (ind: '1' | '2' | '9' | null) => readNfeToComplete(withRecipient(ind)).operacao.contribuinte;
    expect([contributor('1'), contributor('2'), contributor('9'), contributor(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('prodFormOf: whether a document’s vProd carries its IBS/CBS/IS, by its own totals', () => {
  // NT 2025.002 v1.31 (W60 vNFTot "com IBS / CBS / IS", VB01-10 adding them to vItem) against NT 2026.008 v1.00
  // (inside vProd, "não deverão ser adicionados novamente" to vNFTot). Both rules are alerts ("Implementação
  // futura"), so either form may be authorised in 2027.
  const taxes = { vIBS: '1.06', vCBS: '89.54' };
  it('vNFTot = vNF + vIBS + vCBS (+ vIS): the net form (1,300.00 + 90.60 = 1,390.60)', () => {
    expect(prodFormOf({ vNF: '1300.00', vNFTot: '1390.60', ...taxes }, 2027)).toBe('liquido');
    expect(prodFormOf({ vNF: '1300.00', vNFTot: '1402.95', ...taxes, vIS: '12.35' }, 2027)).toBe('liquido');
    expect(prodFormOf({ vNF: '500.00', vNFTot: '504.75', vIBSMono: '1.50', vCBSMono: '3.25' }, 2030)).toBe('liquido');
  });
  it('vNFTot = vNF, no vNFTot, no taxes, or 2026: the gross form of the NT in force', () => {
    expect(prodFormOf({ vNF: '1390.60', vNFTot: '1390.60', ...taxes }, 2027)).toBe('bruto');
    expect(prodFormOf({ vNF: '1300.00', ...taxes }, 2027)).toBe('bruto');
    expect(prodFormOf({ vNF: '1300.00', vNFTot: '1390.60' }, 2027)).toBe('bruto');
    expect(prodFormOf({ vNF: '1300.00', vNFTot: '1390.61', ...taxes }, 2027)).toBe('bruto');
    expect(prodFormOf({ vNF: '1300.00', vNFTot: '1390.60', ...taxes }, 2026)).toBe('bruto');
  });
});

describe('sampleNfe (the rule book’s fixture builder) composes vProd with the same rule', () => {
  const vProdOf = (cfop: string) => {
    const tree = sampleNfe({
      emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
      destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
      data: '2027-02-10',
      items: [
        { vProd: '1000.00', cfop, icms: { cst: '00', pICMS: '18.00' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
      ],
    });
    const det = child(child(tree, 'infNFe')!, 'det')!;
    return text(child(det, 'prod')!, 'vProd');
  };
  it('2027: the IBS/CBS inside vProd, but not in an import (CFOP 3102: "exceto nas notas de importação", I11)', () => {
    expect(Number(vProdOf('5102'))).toBeGreaterThan(1000);
    expect(vProdOf('3102')).toBe('1000.00');
  });
});
