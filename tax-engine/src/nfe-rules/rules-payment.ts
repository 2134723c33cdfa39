import { cents, showCents, within } from './money.js';
import { type NfeView, root } from './nfe-view.js';
import { mocRule } from './rule-factory.js';
import { moc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Group YA of MOC 7.0 annex I (NT 2016.002 v1.61): the payment group against vNF. Every finding names both figures
 * (esperado: what vNF asks, encontrado: Σ vPag), so an ERP whose pag no longer matches a recomputed vNF sees why.
 * Read in a public markdown transcription of the annex's YA rows (p. 66–67), as decision 069's annex rules were.
 */
const source = { ...moc('YA'), secao: 'Regras de Validação, grupo YA (Informações de Pagamento)' };

export interface Payment {
  /** Each detPag's tPag, in order. */
  tPags: (string | undefined)[];
  sum: number;
  semPagamento: boolean;
  vTroco: number | null;
}

/** The payment group (pag) as the rules of groups Y and YA read it; null without pag or without a detPag. */
export function paymentOf(doc: NfeView): Payment | null {
  const pag = child(doc.infNFe, 'pag');
  const details = children(pag, 'detPag');
  if (!pag || details.length === 0) return null;
  const tPags = details.map((d) => text(d, 'tPag'));
  return {
    tPags,
    sum: details.reduce((s, d) => s + (cents(text(d, 'vPag')) ?? 0), 0),
    semPagamento: tPags.includes('90'),
    vTroco: cents(text(pag, 'vTroco')),
  };
}

const vNFOf = (doc: NfeView) => cents(text(doc.icmsTot, 'vNF'));

/** A YA rule of the annex with the group's own section name; its `verificar` follows. */
const base = (
  id: string,
  codigo: string,
  mensagem: string,
  aplicacao: 'obrigatoria' | 'facultativa',
  descricao: string,
): Rule => ({ ...mocRule(id, codigo, mensagem, 'YA', ['55', '65'], aplicacao, descricao, () => []), fonte: source });

const finding = (campo: string, esperado: string, encontrado: string): Finding[] => [
  { campo: `${root}/pag/${campo}`, esperado, encontrado },
];

export const paymentRules: Rule[] = [
  {
    ...base(
      'YA03-10',
      '865',
      'Total dos pagamentos menor que o total da nota',
      'facultativa',
      'Σ vPag ≥ vNF; não se aplica a finNFe 3 (ajuste) e 4 (devolução) nem com tPag 90 (sem pagamento).',
    ),
    verificar(doc) {
      const p = paymentOf(doc);
      const vNF = vNFOf(doc);
      const fin = text(doc.ide, 'finNFe');
      if (!p || vNF === null || p.semPagamento || fin === '3' || fin === '4') return [];
      return p.sum < vNF ? finding('detPag/vPag', `vNF ${showCents(vNF)}`, `Σ vPag ${showCents(p.sum)}`) : [];
    },
  },
  {
    ...base(
      'YA03-20',
      '866',
      'Ausência de troco quando o valor dos pagamentos informados for maior que o total da nota',
      'facultativa',
      'Σ vPag > vNF exige vTroco.',
    ),
    verificar(doc) {
      const p = paymentOf(doc);
      const vNF = vNFOf(doc);
      if (!p || vNF === null || p.vTroco !== null) return [];
      return p.sum > vNF ? finding('vTroco', `vTroco ${showCents(p.sum - vNF)}`, 'ausente') : [];
    },
  },
  {
    ...base(
      'YA09-10',
      '869',
      'Valor do troco incorreto',
      'obrigatoria',
      'vTroco, quando informado, = Σ vPag − vNF (salvo "sem pagamento", tPag 90, com vTroco 0,00: autorizado pela SEFAZ/SC).',
    ),
    verificar(doc) {
      const p = paymentOf(doc);
      const vNF = vNFOf(doc);
      if (!p || vNF === null || p.vTroco === null) return [];
      // "Sem pagamento" (tPag 90) gives no change: SEFAZ/SC authorised an entry NF-e of 2021 with tPag 90, vPag 0.00
      // and vTroco 0.00 (bench/rule-book-real-nfe.ts), where the formula asks a negative troco. Not judged there.
      if (p.semPagamento && p.vTroco === 0) return [];
      return within(p.vTroco, p.sum - vNF, 0)
        ? []
        : finding(
            'vTroco',
            `Σ vPag ${showCents(p.sum)} − vNF ${showCents(vNF)} = ${showCents(p.sum - vNF)}`,
            showCents(p.vTroco),
          );
    },
  },
];
