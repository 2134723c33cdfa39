import type { ItemView, NfeView } from './nfe-view.js';
import { itemSumRule } from './rules-item-sums.js';
import type { Rule } from './types.js';
import { child, firstChild, text } from './xml-node.js';

/**
 * Group W01 of MOC 7.0 annex I (ISSQNtot): each total of the services against the sum over the items subject to the
 * ISSQN (those with imposto/ISSQN). Judged only when ISSQNtot and the total are informed. Rows read in a public
 * transcription of the annex (decision 072).
 */
const both = ['55', '65'] as const;
const issqnItems = (d: NfeView) => d.items.filter((it) => !!child(it.imposto, 'ISSQN'));
const ofTax = (it: ItemView, group: 'PIS' | 'COFINS') => text(firstChild(child(it.imposto, group)), `v${group}`);

const issqnTotal = (
  id: string,
  codigo: string,
  mensagem: string,
  aplic: 'obrigatoria' | 'facultativa',
  tag: string,
  pick: (it: ItemView) => string | undefined,
  what: string,
): Rule =>
  itemSumRule(
    id,
    codigo,
    mensagem,
    both,
    aplic,
    { group: 'ISSQNtot', tag, items: issqnItems },
    pick,
    `ISSQNtot/${tag} = soma de ${what} dos itens com ISSQN.`,
  );

const issqn = (tag: string) => (it: ItemView) => text(it.imposto, `ISSQN/${tag}`);

export const issqnTotalRules: Rule[] = [
  issqnTotal(
    'W18-10',
    '605',
    'Total do vServ difere do somatório do vProd dos itens sujeitos ao ISSQN',
    'facultativa',
    'vServ',
    (it) => text(it.prod, 'vProd'),
    'vProd',
  ),
  issqnTotal(
    'W19-10',
    '606',
    'Total do vBC do ISS difere do somatório dos itens',
    'facultativa',
    'vBC',
    issqn('vBC'),
    'ISSQN/vBC',
  ),
  issqnTotal(
    'W20-10',
    '607',
    'Total do ISS difere do somatório dos itens',
    'facultativa',
    'vISS',
    issqn('vISSQN'),
    'ISSQN/vISSQN',
  ),
  issqnTotal(
    'W21-10',
    '608',
    'Total do PIS difere do somatório dos itens sujeitos ao ISSQN',
    'facultativa',
    'vPIS',
    (it) => ofTax(it, 'PIS'),
    'vPIS',
  ),
  issqnTotal(
    'W22-10',
    '609',
    'Total da COFINS difere do somatório dos itens sujeitos ao ISSQN',
    'facultativa',
    'vCOFINS',
    (it) => ofTax(it, 'COFINS'),
    'vCOFINS',
  ),
  issqnTotal(
    'W22b-10',
    '364',
    'Total do valor da dedução do ISS difere do somatório dos itens',
    'obrigatoria',
    'vDeducao',
    issqn('vDeducao'),
    'ISSQN/vDeducao',
  ),
  issqnTotal(
    'W22c-10',
    '365',
    'Total de outras retenções difere do somatório dos itens',
    'obrigatoria',
    'vOutro',
    issqn('vOutro'),
    'ISSQN/vOutro',
  ),
  issqnTotal(
    'W22d-10',
    '366',
    'Total do desconto incondicionado ISS difere do somatório dos itens',
    'obrigatoria',
    'vDescIncond',
    issqn('vDescIncond'),
    'ISSQN/vDescIncond',
  ),
  issqnTotal(
    'W22e-10',
    '367',
    'Total do desconto condicionado ISS difere do somatório dos itens',
    'obrigatoria',
    'vDescCond',
    issqn('vDescCond'),
    'ISSQN/vDescCond',
  ),
  issqnTotal(
    'W22f-10',
    '368',
    'Total de ISS retido difere do somatório dos itens',
    'obrigatoria',
    'vISSRet',
    issqn('vISSRet'),
    'ISSQN/vISSRet',
  ),
];
