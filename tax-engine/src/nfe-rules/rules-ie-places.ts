import { isValidCnpj } from './check-digits.js';
import { isValidIe } from './ie-check-digits.js';
import { root } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * The other IEs of MOC 7.0 annex I, checked as C17-20 checks the emitente's (SINTEGRA's roteiros, rules-ie.ts):
 * the substitute's (C18-30), the pick-up's (F15-10) and the delivery's (G15-10); and the technical contact's CNPJ
 * (ZD02-10, facultative: the annex puts it in force per UF). Rows read in a public transcription (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const bad = (ie: string | undefined, uf: string | undefined) => !!ie && !!uf && isValidIe(ie, uf) === false;

export const iePlaceRules: Rule[] = [
  mocRule(
    'C18-30',
    '211',
    'IE do substituto inválida',
    'C',
    nfe,
    'obrigatoria',
    'emit/IEST válida para a UF do destinatário, ou do local de entrega no faturamento direto de veículos novos (tpOp=2).',
    (d) => {
      const iest = text(d.emit, 'IEST');
      const direct = d.items.some((it) => text(it.prod, 'veicProd/tpOp') === '2');
      const uf = direct ? text(d.infNFe, 'entrega/UF') : text(d.dest, 'enderDest/UF');
      return when(bad(iest, uf), {
        campo: `${root}/emit/IEST`,
        esperado: `IE válida para a UF ${uf}`,
        encontrado: iest,
      });
    },
  ),
  ...(['retirada', 'entrega'] as const).map((tag) =>
    mocRule(
      tag === 'retirada' ? 'F15-10' : 'G15-10',
      '971',
      'IE inválida [local de retirada/entrega] [NT 2018.005]',
      tag === 'retirada' ? 'F' : 'G',
      nfe,
      'obrigatoria',
      `IE do local de ${tag}, quando informada, válida para a UF do local.`,
      (d) => {
        const place = child(d.infNFe, tag);
        const ie = text(place, 'IE');
        const uf = text(place, 'UF');
        return when(bad(ie, uf), { campo: `${root}/${tag}/IE`, esperado: `IE válida para a UF ${uf}`, encontrado: ie });
      },
    ),
  ),
  mocRule(
    'ZD02-10',
    '973',
    'CNPJ do responsável técnico inválido [NT 2018.005]',
    'ZD',
    both,
    'facultativa',
    'infRespTec/CNPJ com dígitos válidos (regra que cada UF põe em vigor: aplicada e marcada facultativa).',
    (d) => {
      const v = text(d.infNFe, 'infRespTec/CNPJ');
      return when(v !== undefined && !isValidCnpj(v), { campo: `${root}/infRespTec/CNPJ`, encontrado: v });
    },
  ),
];
