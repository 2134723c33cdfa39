import { calculateNfe } from '../nfe-invoice/calculate-nfe.js';
import type { NfeInput, NfeResult } from '../nfe-invoice/types.js';
import { icmsOfYear } from '../nfe-item/reform-year.js';
import type { NfeItemContext } from '../nfe-item/types.js';
import { child, type XNode } from '../nfe-rules/xml-node.js';
import { writeImposto } from './write-imposto.js';
import { prodOfYear, writeTotals } from './write-totals.js';

/**
 * The NF-e tree with every item's imposto and the totals written from the engine's answer, unsigned: any
 * ds:Signature is dropped (the values changed, and signing is the issuer's), and an nfeProc's protocol with it —
 * the answer is the NFe element. Each det keeps its prod and what follows imposto, except vItem, a total of the
 * item's taxes that would no longer match them (rule W60-10 compares vNFTot with the items' vItem), and prod's vProd,
 * which from 2027 carries the item's IBS/CBS/IS (prodOfYear, NT 2026.008).
 * Pure: `result` is the engine's answer for `input`, whose items are the dets' in order.
 */
export function writeCompletedNfe(
  nfe: XNode,
  input: NfeInput,
  result: NfeResult,
  contexts: NfeItemContext[],
  year: number,
): XNode {
  const infNFe = child(nfe, 'infNFe')!;
  let i = 0;
  const children: XNode[] = [];
  for (const c of infNFe.children) {
    if (c.name === 'det') {
      const n = i++;
      const nItem = Number(c.attrs.nItem ?? n + 1);
      // The rates of the year (9/10 … 6/10 of ICMS in 2029–2032), the ones the values were computed with.
      const itemInput = { operacao: input.operacao, item: input.itens[n]! };
      const yearly = icmsOfYear(itemInput, contexts[n] ?? {});
      const imposto = writeImposto(
        { ...itemInput, item: { ...itemInput.item, icms: yearly.icms } },
        result.itens[n]!,
        yearly.ctx,
        nItem,
        child(c, 'imposto'),
      );
      children.push({
        ...c,
        children: c.children
          .filter((d) => d.name !== 'vItem')
          .map((d) => (d.name === 'imposto' ? imposto : d.name === 'prod' ? prodOfYear(d, result.itens[n]!, year) : d)),
      });
    } else if (c.name === 'total') {
      const hasIbsCbs = input.itens.some((it) => it.ibscbs);
      // The total follows the dets (schema order): they are written already, and the totals sum what they print.
      const dets = children.filter((d) => d.name === 'det');
      children.push(writeTotals(result.total, result.itens, year, c, hasIbsCbs, dets));
    } else children.push(c);
  }
  // An invoice sent without its total group gets one after the last item, where the schema puts it.
  if (!child(infNFe, 'total')) {
    const last = children.map((c) => c.name).lastIndexOf('det');
    const hasIbsCbs = input.itens.some((it) => it.ibscbs);
    const dets = children.filter((d) => d.name === 'det');
    children.splice(last + 1, 0, writeTotals(result.total, result.itens, year, undefined, hasIbsCbs, dets));
  }
  return {
    ...nfe,
    children: [{ ...infNFe, children }, ...nfe.children.filter((c) => c.name !== 'infNFe' && c.name !== 'Signature')],
  };
}

/** Computes the invoice (calculateNfe: a bad item throws TaxInputError naming itens[i]) and writes it into the tree. */
export function completeNfe(
  nfe: XNode,
  input: NfeInput,
  contexts: NfeItemContext[],
): { nfe: XNode; result: NfeResult } {
  const result = calculateNfe(input, (_, i) => contexts[i] ?? {});
  const year = Number((input.operacao.data ?? '').slice(0, 4)) || new Date().getFullYear();
  return { nfe: writeCompletedNfe(nfe, input, result, contexts, year), result };
}
