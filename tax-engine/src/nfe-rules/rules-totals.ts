import { cents, showCents, within } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { root } from './nfe-view.js';
import { always, moc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, firstChild, text, type XNode } from './xml-node.js';

type Picker = (it: ItemView) => string | undefined;

/** Σ of an item value vs the ICMSTot tag, tolerance R$ 0,01 (MOC 7.0, rules of group W). */
function sumRule(
  id: string,
  codigo: string,
  mensagem: string,
  tag: string,
  itemTag: string,
  pick: Picker,
  opts: { modelos?: ('55' | '65')[]; aplicacao?: Rule['aplicacao']; onlyTotalized?: boolean; descricao?: string } = {},
): Rule {
  return {
    id,
    codigo,
    mensagem,
    grupo: 'W',
    modelos: opts.modelos ?? ['55', '65'],
    aplicacao: opts.aplicacao ?? null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('W'),
    descricao: opts.descricao ?? `ICMSTot/${tag} é a soma de ${itemTag} dos itens (tolerância de R$ 0,01).`,
    verificar(doc) {
      const found = cents(text(doc.icmsTot, tag));
      if (found === null) return [];
      let sum = 0;
      for (const it of doc.items) {
        // W07: goods only; a service item's vProd (ISSQN group) goes to ISSQNtot/vServ (W18).
        if (opts.onlyTotalized && (text(it.prod, 'indTot') === '0' || child(it.imposto, 'ISSQN'))) continue;
        sum += cents(pick(it)) ?? 0;
      }
      return within(found, sum, 1)
        ? []
        : [{ campo: `${root}/total/ICMSTot/${tag}`, esperado: showCents(sum), encontrado: showCents(found) }];
    },
  };
}

const icms =
  (tag: string): Picker =>
  (it) =>
    text(it.icms, tag);
const prod =
  (tag: string): Picker =>
  (it) =>
    text(it.prod, tag);
const imp =
  (path: string): Picker =>
  (it) =>
    text(it.imposto, path);
/** PIS/COFINS value whatever the group (PISAliq, PISOutr …); items under ISSQN have their own total (W21/W22). */
const federal =
  (group: string, tag: string): Picker =>
  (it) =>
    child(it.imposto, 'ISSQN') ? undefined : text(firstChild(child(it.imposto, group)), tag);

const W16_10: Rule = {
  id: 'W16-10',
  codigo: '610',
  mensagem: 'Rejeição: Total da NF difere do somatório dos Valores compõe o valor Total da NF.',
  grupo: 'W',
  modelos: ['55', '65'],
  aplicacao: null,
  efeito: 'rejeicao',
  vigencia: always,
  fonte: moc('W'),
  descricao:
    'vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ (tolerância R$ 0,50 para mais ou para menos, nota (*3) do MOC, NT 2012/003). ' +
    'Faturamento direto de veículos (tpOp=2) sem vST, vFCPST e vIPIDevol; não aplicada à importação (CFOP 3xxx); aceita vICMSDeson não subtraído e soma vICMSMonoReten e o PIS-ST/COFINS-ST dos itens com indSoma=1 (NT 2023.004).',
  verificar(doc) {
    const t = doc.icmsTot;
    const vNF = cents(text(t, 'vNF'));
    if (!t || vNF === null) return [];
    if (doc.items.some((it) => (text(it.prod, 'CFOP') ?? '').startsWith('3'))) return [];
    const v = (tag: string, node: XNode | undefined = t) => cents(text(node, tag)) ?? 0;
    const direct = doc.items.some((it) => text(it.prod, 'veicProd/tpOp') === '2');
    const st = direct ? 0 : v('vST') + v('vFCPST') + v('vIPIDevol');
    const base =
      v('vProd') -
      v('vDesc') -
      v('vICMSDeson') +
      st +
      v('vFrete') +
      v('vSeg') +
      v('vOutro') +
      v('vII') +
      v('vIPI') +
      v('vServ', child(doc.total, 'ISSQNtot'));
    // W16-10 as NT 2023.004 v1.20 writes it adds vICMSMonoReten (ICMSTot, NT 2023.001) and the items' PIS-ST and
    // COFINS-ST whose indSomaPISST/indSomaCOFINSST is 1 (NT 2020.005): ICMSTot has no PIS/COFINS-ST total of its own.
    // Accepted, never required (documents before those NTs compose vNF without them).
    let extras = v('vICMSMonoReten');
    for (const it of doc.items) {
      const pisSt = child(it.imposto, 'PISST');
      const cofinsSt = child(it.imposto, 'COFINSST');
      if (pisSt && text(pisSt, 'indSomaPISST') === '1') extras += v('vPIS', pisSt);
      if (cofinsSt && text(cofinsSt, 'indSomaCOFINSST') === '1') extras += v('vCOFINS', cofinsSt);
    }
    // The row's note (*3): "Considerar uma tolerância de R$ 0,50 para mais ou para menos (NT 2012/003)".
    const ok = [base, base + v('vICMSDeson'), base + extras, base + extras + v('vICMSDeson')].some((e) =>
      within(vNF, e, 50),
    );
    return ok ? [] : [{ campo: `${root}/total/ICMSTot/vNF`, esperado: showCents(base), encontrado: showCents(vNF) }];
  },
};

/** Group W: the totals of ICMSTot against their items. */
export const totalRules: Rule[] = [
  sumRule(
    'W03-10',
    '531',
    'Rejeição: Total da BC ICMS difere do somatório dos itens',
    'vBC',
    'vBC do ICMS (N15)',
    icms('vBC'),
    {
      aplicacao: 'facultativa',
    },
  ),
  sumRule(
    'W04-10',
    '532',
    'Rejeição: Total do ICMS difere do somatório dos itens',
    'vICMS',
    'vICMS (N17)',
    icms('vICMS'),
  ),
  sumRule(
    'W04a-10',
    '795',
    'Rejeição: Total do ICMS desonerado difere do somatório dos itens',
    'vICMSDeson',
    'vICMSDeson',
    icms('vICMSDeson'),
  ),
  sumRule(
    'W04c-10',
    '798',
    'Rejeição: Valor total do ICMS relativo Fundo de Combate à Pobreza (FCP) da UF de destino difere do somatório do valor dos itens',
    'vFCPUFDest',
    'ICMSUFDest/vFCPUFDest',
    imp('ICMSUFDest/vFCPUFDest'),
    { modelos: ['55'] },
  ),
  sumRule(
    'W04e-10',
    '799',
    'Rejeição: Valor total do ICMS Interestadual da UF de destino difere do somatório dos itens',
    'vICMSUFDest',
    'ICMSUFDest/vICMSUFDest',
    imp('ICMSUFDest/vICMSUFDest'),
    { modelos: ['55'] },
  ),
  sumRule(
    'W04g-10',
    '800',
    'Rejeição: Valor total do ICMS Interestadual da UF do remetente difere do somatório dos itens',
    'vICMSUFRemet',
    'ICMSUFDest/vICMSUFRemet',
    imp('ICMSUFDest/vICMSUFRemet'),
    { modelos: ['55'] },
  ),
  sumRule(
    'W05-10',
    '533',
    'Rejeição: Total da BC ICMS-ST difere do somatório dos itens',
    'vBCST',
    'vBCST',
    icms('vBCST'),
  ),
  sumRule(
    'W06-10',
    '534',
    'Rejeição: Total do ICMS-ST difere do somatório dos itens',
    'vST',
    'vICMSST',
    icms('vICMSST'),
  ),
  sumRule(
    'W07-10',
    '564',
    'Rejeição: Total do Produto / Serviço difere do somatório dos itens',
    'vProd',
    'vProd dos itens com indTot=1 (sem os de ISSQN)',
    prod('vProd'),
    {
      onlyTotalized: true,
    },
  ),
  sumRule(
    'W08-10',
    '535',
    'Rejeição: Total do Frete difere do somatório dos itens',
    'vFrete',
    'vFrete (I15)',
    prod('vFrete'),
  ),
  sumRule(
    'W09-10',
    '536',
    'Rejeição: Total do Seguro difere do somatório dos itens',
    'vSeg',
    'vSeg (I16)',
    prod('vSeg'),
  ),
  sumRule(
    'W10-10',
    '537',
    'Rejeição: Total do Desconto difere do somatório dos itens',
    'vDesc',
    'vDesc (I17)',
    prod('vDesc'),
    {
      aplicacao: 'facultativa',
    },
  ),
  sumRule('W11-10', '601', 'Rejeição: Total do II difere do somatório dos itens', 'vII', 'II/vII', imp('II/vII'), {
    modelos: ['55'],
  }),
  sumRule(
    'W12-10',
    '538',
    'Rejeição: Total do IPI difere do somatório dos itens',
    'vIPI',
    'vIPI (O14)',
    imp('IPI/IPITrib/vIPI'),
    {
      modelos: ['55'],
      aplicacao: 'facultativa',
    },
  ),
  sumRule(
    'W13-10',
    '602',
    'Rejeição: Total do PIS difere do somatório dos itens sujeitos ao ICMS',
    'vPIS',
    'vPIS dos itens sem ISSQN',
    federal('PIS', 'vPIS'),
  ),
  sumRule(
    'W14-10',
    '603',
    'Rejeição: Total da COFINS difere do somatório dos itens sujeitos ao ICMS',
    'vCOFINS',
    'vCOFINS dos itens sem ISSQN',
    federal('COFINS', 'vCOFINS'),
  ),
  sumRule(
    'W15-10',
    '604',
    'Rejeição: Total do vOutro difere do somatório dos itens',
    'vOutro',
    'vOutro (I17a)',
    prod('vOutro'),
  ),
  W16_10,
];

export type { Finding, NfeView };
