import { cents, showCents, within } from './money.js';
import type { ItemView } from './nfe-view.js';
import { rtc } from './sources.js';
import type { Finding, Rule, RuleSource } from './types.js';
import { child, text, type XNode } from './xml-node.js';

/**
 * Group VB (vItem) as NT 2026.008 v1.00 rewrote it (section 3, p. 8–10), which supersedes NT 2025.002-RTC v1.31
 * (p. 47–48) for every document it can meet: vItem, when informed, is
 *   (+) vProd "(contém vIBS, vCBS e vIS)" (−) vDesc (−) vICMSDeson if indDeduzDeson=1 (+) vICMSST (+) vICMSMonoReten
 *   (+) vFCPST (+) vFrete (+) vSeg (+) vOutro (+) vII (+) vIPI (+) vIPIDevol (+) vServ (+) PISST/vPIS if indSomaPISST=1
 *   (+) COFINSST/vCOFINS if indSomaCOFINSST=1,
 * the lines "(+) vIBS (+) vCBS (+) vIS (+) vTotIBSMonoItem (+) vTotCBSMonoItem" and their "Exceção 1: Em 2025 e 2026
 * não somar" struck out. The parts are the same in every year; what changes is vProd (I11): "A partir de 2027, os
 * valores de IBS, CBS e IS compõem o Valor Total Bruto, exceto nas notas de importação", and the NT's introduction
 * says they "não deverão ser adicionados novamente na composição do valor total da NF-e/NFC-e (vNFTot)". So a 2027
 * vItem that adds them to a vProd without them (the NT 2025.002 v1.31 form) is rejected, and so is a 2026 vItem
 * that adds them (exceção 1 of v1.31). VB01-20 is the same for the faturamento direto of new vehicles (tpOp=2)
 * without vICMSST, vICMSMonoReten, vFCPST and vIPIDevol. The NT marks both rules "Implementação Futura" (so do
 * NT 2025.002 v1.50/v1.51 for W60-05 and W60-10): SEFAZ does not reject on them yet, so they are reported as alerts
 * — a vItem the ERP sends that does not add up is still worth knowing — and never as rejections.
 * The NT was read in public transcriptions of its PDF (decision 075), in production from 16/11/2026 (Portal's
 * notice of 05/10/2026) — before any document of 2027 can exist.
 */
export const nt2026008: RuleSource = {
  documento: 'NT 2026.008',
  versao: '1.00',
  secao: 'Regras de Validação, grupo VB (VB01-10, VB01-20)',
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=04BIflQt1aY=',
};

/**
 * Through this year IBS, CBS and IS stay outside vProd, and so outside vItem, vNF and vNFTot (the 2026 "test" year
 * of LC 214/2025, art. 343; NT 2025.002 v1.31 VB01-10 exceção 1). From the next year they are part of each item's
 * vProd, except in imports (NT 2026.008 v1.00, I11 observação), and reach vItem, vNF and vNFTot through it.
 */
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
    efeito: 'alerta',
    vigencia: rtc,
    fonte: nt2026008,
    descricao,
    verificar(doc) {
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
      'vII + vIPI + vIPIDevol + PIS/COFINS-ST que somam, tolerância de 0,01; IBS, CBS e IS nunca somados à parte: de ' +
      '2027 em diante já estão no vProd (NT 2026.008), em 2025 e 2026 ficam fora. Implementação futura na NT: alerta.',
  ),
  vItemRule(
    'VB01-20',
    ['55'],
    true,
    'Faturamento direto de veículos novos (tpOp=2): vItem = vProd − vDesc − vICMSDeson (indDeduzDeson=1) + vFrete + ' +
      'vSeg + vOutro + vII + vIPI + PIS/COFINS-ST que somam; IBS, CBS e IS só dentro do vProd (de 2027 em diante). ' +
      'Implementação futura na NT: alerta.',
  ),
];
