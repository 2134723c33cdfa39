import { cents, showCents } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { root } from './nfe-view.js';
import { mocRule } from './rule-factory.js';
import type { Rule } from './types.js';
import { text } from './xml-node.js';

/**
 * Totals of ICMSTot against the sum of an item figure not covered by rules-totals.ts (MOC 7.0 annex I, group W: vFCP,
 * vFCPST, vFCPSTRet, vIPIDevol, vTotTrib), exact to the cent. Rows read in a public transcription (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
/**
 * A total (ICMSTot or ISSQNtot) against the sum of an item figure over the items it covers: exact to the cent (the
 * annex's totals have no tolerance). Judged only when the total is informed; an item figure not informed counts zero.
 */
export function itemSumRule(
  id: string,
  codigo: string,
  mensagem: string,
  modelos: readonly ('55' | '65')[],
  aplic: 'obrigatoria' | 'facultativa',
  total: { group: 'ICMSTot' | 'ISSQNtot'; tag: string; items?: (d: NfeView) => ItemView[] },
  pick: (it: ItemView) => string | undefined,
  descricao: string,
): Rule {
  const path = `${total.group}/${total.tag}`;
  return mocRule(id, codigo, mensagem, 'W', modelos, aplic, descricao, (d) => {
    const found = cents(text(d.total, path));
    if (found === null) return [];
    const sum = (total.items?.(d) ?? d.items).reduce((s, it) => s + (cents(pick(it)) ?? 0), 0);
    return found === sum
      ? []
      : [{ campo: `${root}/total/${path}`, esperado: showCents(sum), encontrado: showCents(found) }];
  });
}

/** ICMSTot/<tag> = the sum of <what> over every item. */
const totalRule = (
  id: string,
  codigo: string,
  mensagem: string,
  modelos: readonly ('55' | '65')[],
  aplic: 'obrigatoria' | 'facultativa',
  tag: string,
  pick: (it: ItemView) => string | undefined,
  what: string,
): Rule =>
  itemSumRule(
    id,
    codigo,
    mensagem,
    modelos,
    aplic,
    { group: 'ICMSTot', tag },
    pick,
    `${tag} do total = soma de ${what} dos itens (não informado vale zero).`,
  );

export const itemSumRules: Rule[] = [
  totalRule(
    'W04b-10',
    '861',
    'Total do FCP difere do somatório dos itens',
    both,
    'obrigatoria',
    'vFCP',
    (it) => text(it.icms, 'vFCP'),
    'vFCP',
  ),
  totalRule(
    'W06a-10',
    '862',
    'Total do FCP ST difere do somatório dos itens',
    nfe,
    'obrigatoria',
    'vFCPST',
    (it) => text(it.icms, 'vFCPST'),
    'vFCPST',
  ),
  totalRule(
    'W06b-10',
    '859',
    'Total do FCP retido anteriormente por Substituição Tributária difere do somatório dos itens',
    nfe,
    'obrigatoria',
    'vFCPSTRet',
    (it) => text(it.icms, 'vFCPSTRet'),
    'vFCPSTRet',
  ),
  totalRule(
    'W12a-10',
    '863',
    'Total do IPI devolvido difere do somatório dos itens',
    nfe,
    'facultativa',
    'vIPIDevol',
    (it) => text(it.node, 'impostoDevol/IPI/vIPIDevol'),
    'impostoDevol/IPI/vIPIDevol',
  ),
  totalRule(
    'W16a-10',
    '685',
    'Total do Valor Aproximado dos Tributos difere do somatório dos itens',
    both,
    'facultativa',
    'vTotTrib',
    (it) => text(it.imposto, 'vTotTrib'),
    'imposto/vTotTrib',
  ),
];
