import { cents, showCents, within } from './money.js';
import type { ItemView } from './nfe-view.js';
import { nt2025002, rtc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, text, type XNode } from './xml-node.js';

/**
 * Group VB of NT 2025.002-RTC (v1.31, p. 47–48): vItem, when informed, is the sum of what composes the item:
 *   (+) vProd (−) vDesc (−) vICMSDeson if indDeduzDeson=1 (+) vICMSST (+) vICMSMonoReten (+) vFCPST (+) vFrete (+) vSeg
 *   (+) vOutro (+) vII (+) vIPI (+) vIPIDevol (+) vServ (+) PISST/vPIS if indSomaPISST=1 (+) COFINSST/vCOFINS if
 *   indSomaCOFINSST=1 (+) vIBS (+) vCBS (+) vIS (+) vTotIBSMonoItem (+) vTotCBSMonoItem
 *   "Exceção 1: Em 2025 e 2026 não somar vIBS, vCBS, vIS, vTotIBSMonoItem, vTotCBSMonoItem."
 * VB01-20 is the same for the faturamento direto of new vehicles (tpOp=2) without vICMSST, vICMSMonoReten, vFCPST and
 * vIPIDevol. From 2027 the composition is not checked: NT 2026.008 v1.00 rewrote both rules (vProd "contém vIBS, vCBS e
 * vIS", which are no longer added), while NT 2025.002 adds them to a vProd without them; until the engine writes one of
 * the two, a 2027 vItem is not judged. The NT marks both rules "Implementação Futura"; they are applied as W60-10
 * (vNFTot = Σ vItem) is, so that a vItem the ERP sends is consistent with the total it feeds.
 */
/** NT 2025.002 VB01-10 exceção 1: through this year IBS, CBS and IS stay out of vItem and vNFTot. */
export const LAST_YEAR_WITHOUT_IBS_CBS = 2026;

const v = (node: XNode | undefined, path: string) => cents(text(node, path)) ?? 0;

function composition(it: ItemView, direct: boolean): number {
  const p = it.prod;
  const icms = it.icms;
  const deson = text(icms, 'indDeduzDeson') === '1' ? v(icms, 'vICMSDeson') : 0;
  const pisSt = child(it.imposto, 'PISST');
  const cofinsSt = child(it.imposto, 'COFINSST');
  let sum =
    v(p, 'vProd') -
    v(p, 'vDesc') -
    deson +
    v(p, 'vFrete') +
    v(p, 'vSeg') +
    v(p, 'vOutro') +
    v(it.imposto, 'II/vII') +
    v(it.imposto, 'IPI/IPITrib/vIPI') +
    (text(pisSt, 'indSomaPISST') === '1' ? v(pisSt, 'vPIS') : 0) +
    (text(cofinsSt, 'indSomaCOFINSST') === '1' ? v(cofinsSt, 'vCOFINS') : 0);
  if (!direct)
    sum +=
      v(icms, 'vICMSST') + v(icms, 'vICMSMonoReten') + v(icms, 'vFCPST') + v(it.node, 'impostoDevol/IPI/vIPIDevol');
  return sum;
}

function vItemRule(id: string, modelos: Rule['modelos'], direct: boolean, descricao: string): Rule {
  return {
    id,
    codigo: '1105',
    mensagem: 'Rejeição: Valor total do Item (vItem) difere do somatório dos valores que o compõem [nItem: 999]',
    grupo: 'W',
    modelos,
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: rtc,
    fonte: nt2025002('VB', '1.31'),
    descricao,
    verificar(doc, ctx) {
      const year = Number((doc.emissao ?? ctx.data).slice(0, 4));
      if (year > LAST_YEAR_WITHOUT_IBS_CBS) return [];
      const out: Finding[] = [];
      for (const it of doc.items) {
        const found = cents(text(it.node, 'vItem'));
        if (found === null) continue;
        if ((text(it.prod, 'veicProd/tpOp') === '2') !== direct) continue;
        const expected = composition(it, direct);
        if (!within(found, expected, 1))
          out.push({
            campo: `${it.path}/vItem`,
            nItem: it.nItem,
            esperado: showCents(expected),
            encontrado: showCents(found),
          });
      }
      return out;
    },
  };
}

export const itemTotalRules: Rule[] = [
  vItemRule(
    'VB01-10',
    ['55', '65'],
    false,
    'vItem = vProd − vDesc − vICMSDeson (indDeduzDeson=1) + vICMSST + vICMSMonoReten + vFCPST + vFrete + vSeg + vOutro + ' +
      'vII + vIPI + vIPIDevol + PIS/COFINS-ST que somam, sem IBS, CBS e IS em 2025 e 2026 (exceção 1), tolerância de ' +
      '0,01; de 2027 em diante não conferida (NT 2026.008 reescreveu a composição).',
  ),
  vItemRule(
    'VB01-20',
    ['55'],
    true,
    'Faturamento direto de veículos novos (tpOp=2): vItem = vProd − vDesc − vICMSDeson (indDeduzDeson=1) + vFrete + ' +
      'vSeg + vOutro + vII + vIPI + PIS/COFINS-ST que somam, sem IBS, CBS e IS em 2025 e 2026; de 2027 em diante não conferida.',
  ),
];
