import { cents, productCheck, showCents } from './money.js';
import type { ItemView } from './nfe-view.js';
import { ntRows, perItem } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Group UB of NT 2025.002 whose rows were read in a public transcription of v1.31 (p. 39–40 and 43–44; decision 072):
 * the regular taxation's CST and cClassTrib in the official tables (UB69-10, UB70-10), the
 * regular taxation's values (UB72-10, UB72b-10, UB72d-10: vTribReg = vBC × pAliqEfetReg / 100, tolerance 0,01) and the
 * credit transfer (gTransfCred) only in a debit note of succession or cooperative transfer, with some value.
 */
const both = ['55', '65'] as const;
/** The rows read in v1.31, all "Obrig.". */
const ub = ntRows('UB');

const regular = (id: string, codigo: string, mensagem: string, sphere: 'IBSUF' | 'IBSMun' | 'CBS') =>
  ub(
    id,
    codigo,
    mensagem,
    both,
    `gTribRegular: vTribReg${sphere} = gIBSCBS/vBC × pAliqEfetReg${sphere} / 100, tolerância de 0,01.`,
    perItem((it) => {
      const g = child(it.ibscbs, 'gIBSCBS');
      const reg = child(g, 'gTribRegular');
      const c = productCheck(text(reg, `vTribReg${sphere}`), text(g, 'vBC'), text(reg, `pAliqEfetReg${sphere}`));
      if (!reg || !c || c.ok) return null;
      return {
        campo: `${it.path}/imposto/IBSCBS/gIBSCBS/gTribRegular/vTribReg${sphere}`,
        esperado: showCents(c.expected),
        encontrado: showCents(c.found),
      };
    }),
  );
const transf = (it: ItemView) => child(it.ibscbs, 'gTransfCred');
const transfPath = (it: ItemView) => `${it.path}/imposto/IBSCBS/gTransfCred`;

/** UB69-10 and UB70-10: the regular taxation's CST and cClassTrib exist in the official tables. */
const regularCode = (id: string, codigo: string, mensagem: string, tag: 'CSTReg' | 'cClassTribReg'): Rule => ({
  ...ub(
    id,
    codigo,
    mensagem,
    both,
    `gTribRegular/${tag} existe na tabela oficial (${tag === 'CSTReg' ? 'CST' : 'cClassTrib'} do IBS e da CBS).`,
    (d, ctx) =>
      perItem((it) => {
        const code = text(child(child(it.ibscbs, 'gIBSCBS'), 'gTribRegular'), tag);
        if (code === undefined || !ctx.tabelas) return null;
        const exists = tag === 'CSTReg' ? ctx.tabelas.ibsCbsCst(code) : ctx.tabelas.cClassTrib(code);
        return exists ? null : { campo: `${it.path}/imposto/IBSCBS/gIBSCBS/gTribRegular/${tag}`, encontrado: code };
      })(d, ctx),
  ),
  tabelas: ['ibs-cbs'],
});

export const ibsCbsMoreRules: Rule[] = [
  regularCode(
    'UB69-10',
    '1066',
    'CST do IBS e da CBS informado no grupo de tributação regular inexistente [nItem: 999]',
    'CSTReg',
  ),
  regularCode(
    'UB70-10',
    '1067',
    'Classificação Tributária do IBS e da CBS informada no grupo de tributação regular inexistente [nItem: 999]',
    'cClassTribReg',
  ),
  regular('UB72-10', '1040', 'Valor do Tributo Regular da UF difere do calculado [nItem: 999]', 'IBSUF'),
  regular('UB72b-10', '1051', 'Valor do Tributo Regular do Município difere do calculado [nItem: 999]', 'IBSMun'),
  regular('UB72d-10', '1068', 'Valor do Tributo Regular da CBS difere do calculado [nItem: 999]', 'CBS'),
  ub(
    'UB106-30',
    '1133',
    'Finalidade de Emissão da Nota Fiscal incompatível com o CST [nItem: 999]',
    ['55'],
    'gTransfCred (transferência de crédito) só em nota de débito (finNFe=6).',
    perItem((it, d) =>
      transf(it) && text(d.ide, 'finNFe') !== '6'
        ? { campo: transfPath(it), encontrado: `finNFe ${text(d.ide, 'finNFe')}` }
        : null,
    ),
  ),
  ub(
    'UB106-31',
    '1168',
    'Tipo de Nota de Débito incompatível com o CST [nItem: 999]',
    ['55'],
    'gTransfCred só com tpNFDebito 01 (transferência a cooperativas) ou 05 (transferência de crédito de sucessão).',
    perItem((it, d) => {
      const tp = text(d.ide, 'tpNFDebito');
      return transf(it) && tp !== '01' && tp !== '05'
        ? { campo: transfPath(it), encontrado: `tpNFDebito ${tp ?? 'não informado'}` }
        : null;
    }),
  ),
  ub(
    'UB106-40',
    '1129',
    'Valor do IBS ou da CBS deve ser maior que zero na transferência de crédito. [nItem: 999]',
    ['55'],
    'gTransfCred com vIBS ou vCBS maior que zero.',
    perItem((it) => {
      const g = transf(it);
      const positive = (tag: string) => (cents(text(g, tag)) ?? 0) > 0;
      return g && !positive('vIBS') && !positive('vCBS')
        ? { campo: `${transfPath(it)}/vIBS`, encontrado: '0.00' }
        : null;
    }),
  ),
];
