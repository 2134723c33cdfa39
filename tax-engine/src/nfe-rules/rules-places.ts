import { isValidCnpj, isValidCpf } from './check-digits.js';
import { root } from './nfe-view.js';
import { ibgeUfCode, mocRule, when } from './rule-factory.js';
import { fromNt2019001 } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Groups F (retirada), G (entrega), GA (autXML) and H (det) of MOC 7.0 annex I, rows read in full in a public markdown
 * transcription of the annex's tables (decision 072). F/G rules are written once for both places.
 */
const both = ['55', '65'] as const;

function placeRules(tag: 'retirada' | 'entrega', g: 'F' | 'G', codes: [string, string, string, string], name: string) {
  const p = `${root}/${tag}`;
  const node = (d: Parameters<Rule['verificar']>[0]) => child(d.infNFe, tag);
  return [
    mocRule(
      `${g}02-10`,
      codes[0],
      `CNPJ do Local de ${name} inválido`,
      g,
      both,
      'facultativa',
      `CNPJ do local de ${name.toLowerCase()} com dígitos válidos.`,
      (d) => {
        const cnpj = text(node(d), 'CNPJ');
        return when(cnpj !== undefined && !isValidCnpj(cnpj), { campo: `${p}/CNPJ`, encontrado: cnpj });
      },
    ),
    mocRule(
      `${g}02a-10`,
      codes[1],
      `CPF do Local de ${name} inválido`,
      g,
      both,
      'facultativa',
      `CPF do local de ${name.toLowerCase()} com dígitos válidos.`,
      (d) => {
        const cpf = text(node(d), 'CPF');
        return when(cpf !== undefined && !isValidCpf(cpf), { campo: `${p}/CPF`, encontrado: cpf });
      },
    ),
    mocRule(
      `${g}07-10`,
      codes[2],
      `Código Município do Local de ${name} deve ser 9999999 para UF ${tag} = “EX”.`,
      g,
      both,
      'obrigatoria',
      `Local de ${name.toLowerCase()} com UF "EX": cMun 9999999.`,
      (d) => {
        const cMun = text(node(d), 'cMun');
        return when(text(node(d), 'UF') === 'EX' && cMun !== '9999999', {
          campo: `${p}/cMun`,
          esperado: '9999999',
          encontrado: cMun,
        });
      },
    ),
    mocRule(
      `${g}07-30`,
      codes[3],
      `Código Município do Local de ${name}: difere da UF do Local de ${name}`,
      g,
      both,
      'obrigatoria',
      `Local no Brasil: as duas primeiras posições de cMun são o código IBGE da UF do local.`,
      (d) => {
        const cMun = text(node(d), 'cMun');
        const code = ibgeUfCode(text(node(d), 'UF'));
        return when(!!cMun && !!code && /^\d{7}$/.test(cMun) && cMun.slice(0, 2) !== code, {
          campo: `${p}/cMun`,
          esperado: `${code}…`,
          encontrado: cMun,
        });
      },
    ),
  ];
}

function autXml(kind: 'CNPJ' | 'CPF', codes: [string, string], valid: (v: string) => boolean): Rule[] {
  const g = kind === 'CNPJ' ? 'GA02' : 'GA03';
  const each = (d: Parameters<Rule['verificar']>[0], bad: (v: string) => boolean): Finding[] =>
    children(d.infNFe, 'autXML').flatMap((a, i) => {
      const v = text(a, kind);
      return v !== undefined && bad(v) ? [{ campo: `${root}/autXML[${i + 1}]/${kind}`, encontrado: v }] : [];
    });
  return [
    mocRule(
      `${g}-10`,
      codes[0],
      `${kind} autorizado para download inválido`,
      'GA',
      both,
      'obrigatoria',
      `${kind} de autXML com dígitos válidos.`,
      (d) => each(d, (v) => !valid(v)),
    ),
    mocRule(
      `${g}-20`,
      codes[1],
      `${kind} do destinatário já autorizado para download`,
      'GA',
      both,
      'obrigatoria',
      `autXML não repete o ${kind} do destinatário.`,
      (d) => {
        const dest = text(d.dest, kind);
        return dest ? each(d, (v) => v === dest) : [];
      },
    ),
  ];
}

export const placeAndItemRules: Rule[] = [
  ...placeRules('retirada', 'F', ['512', '540', '513', '277'], 'Retirada'),
  ...placeRules('entrega', 'G', ['514', '541', '515', '279'], 'Entrega'),
  ...autXml('CNPJ', ['323', '324'], isValidCnpj),
  ...autXml('CPF', ['325', '326'], isValidCpf),
  {
    ...mocRule(
      'H02-10',
      '927',
      'Número do item fora da ordem sequencial.',
      'H',
      both,
      'facultativa',
      'nItem dos det em ordem incremental, consecutiva, a partir de 1 (regra opcional, a critério da UF).',
      (d) => {
        const i = children(d.infNFe, 'det').findIndex((det, k) => det.attrs.nItem !== String(k + 1));
        return i < 0
          ? []
          : [
              {
                campo: `${root}/det[${i + 1}]/@nItem`,
                esperado: String(i + 1),
                encontrado: children(d.infNFe, 'det')[i]!.attrs.nItem,
              },
            ];
      },
    ),
    vigencia: fromNt2019001,
  },
];
