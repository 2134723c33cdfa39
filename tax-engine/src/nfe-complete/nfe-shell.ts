import type { NfeInput } from '../nfe-invoice/types.js';
import { sampleNfe } from '../nfe-rules/sample-nfe.js';
import { el } from '../nfe-rules/sample-xml.js';
import { text, type XNode } from '../nfe-rules/xml-node.js';
import { money, quantity } from './format.js';

/** The issuer and recipient of a shell invoice: CNPJs with valid check digits, standing for the request's parties. */
export const SHELL_ISSUER_CNPJ = '11222333000181';
export const SHELL_RECIPIENT_CNPJ = '11444777000161';

/** The prod group of a request item, in the schema's order (MOC 7.0 grupo I). */
function prodOf(it: NfeInput['itens'][number], i: number, cfop: string): XNode {
  const q = it.qCom ?? 1;
  const unit = it.vUnCom ?? it.vProd;
  const opt = (name: string, v: string | number | undefined) => (v === undefined ? undefined : el(name, money(v)));
  return el('prod', [
    el('cProd', `ITEM${i + 1}`),
    el('cEAN', 'SEM GTIN'),
    el('xProd', `ITEM ${i + 1}`),
    el('NCM', it.ncm ?? '00000000'),
    it.cest ? el('CEST', it.cest) : undefined,
    it.icms.cBenef ? el('cBenef', it.icms.cBenef) : undefined,
    el('CFOP', cfop),
    el('uCom', it.uCom ?? 'UN'),
    el('qCom', quantity(String(q))),
    el('vUnCom', String(unit)),
    el('vProd', money(String(it.vProd))),
    el('cEANTrib', 'SEM GTIN'),
    el('uTrib', it.uTrib ?? it.uCom ?? 'UN'),
    el('qTrib', quantity(String(it.qTrib ?? q))),
    el('vUnTrib', String(it.vUnTrib ?? unit)),
    opt('vFrete', it.vFrete as string | number | undefined),
    opt('vSeg', it.vSeg as string | number | undefined),
    opt('vDesc', it.vDesc as string | number | undefined),
    opt('vOutro', it.vOutro as string | number | undefined),
    el('indTot', '1'),
  ]);
}

/**
 * An NF-e 4.00 around a calculation request (POST /tax/calculate-nfe with `validar`): the request's operation —
 * states, final consumer, taxpayer, CRT, date — with a stand-in issuer and recipient (SHELL_*_CNPJ), product codes
 * ITEMn and NCM 00000000 when the item has none, and the items' values; imposto and total are placeholders that
 * writeCompletedNfe replaces. The payment (pag) is filled with vNF by `payWith`, once the total is known.
 */
export function nfeShell(input: NfeInput): XNode {
  const op = input.operacao;
  const data = op.data ?? new Date().toISOString().slice(0, 10);
  const crt = String(op.crt ?? 3) as '1' | '2' | '3';
  const base = sampleNfe({
    emitente: { cnpj: SHELL_ISSUER_CNPJ, uf: op.ufOrigem, crt },
    destinatario: { cnpj: SHELL_RECIPIENT_CNPJ, uf: op.ufDestino, contribuinte: op.contribuinte },
    data,
    items: input.itens.map(() => ({ vProd: '1.00', icms: { cst: '41' } })),
  });
  const infNFe = base.children[0]!;
  const interstate = op.ufOrigem !== op.ufDestino;
  let i = 0;
  infNFe.children = infNFe.children.map((c) => {
    if (c.name === 'ide')
      return {
        ...c,
        children: c.children.map((d) => (d.name === 'indFinal' ? el('indFinal', op.consumidorFinal ? '1' : '0') : d)),
      };
    if (c.name !== 'det') return c;
    const n = i++;
    const it = input.itens[n]!;
    const cfop = `${interstate ? 6 : 5}${it.icms.cst === '10' || it.icms.cst === '70' || it.icms.csosn === '201' || it.icms.csosn === '202' ? '401' : '102'}`;
    return { ...c, children: [prodOf(it, n, cfop), el('imposto', [])] };
  });
  return base;
}

/**
 * Sets the payment of a shell invoice to its vNF (one detPag, cash), so that the payment rules look at a whole. The
 * vNF written in the tree wins over the engine's: from 2027 it also carries the items' IBS/CBS/IS (NT 2026.008,
 * write-totals.ts), which the engine's sum of the goods does not.
 */
export function payWith(nfe: XNode, vNF: number): XNode {
  const infNFe = nfe.children[0]!;
  const paid = text(infNFe, 'total/ICMSTot/vNF') ?? money(vNF);
  infNFe.children = infNFe.children.map((c) =>
    c.name === 'pag' ? el('pag', [el('detPag', [el('tPag', '01'), el('vPag', paid)])]) : c,
  );
  return nfe;
}
