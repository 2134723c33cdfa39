import { root } from './nfe-view.js';
import { tableRule } from './rule-factory.js';
import type { Rule } from './types.js';
import { text } from './xml-node.js';

/**
 * The "Tabela do BACEN" rows of MOC 7.0 annex I (E14-04, F11-10, G11-10, U15-10), read in a public markdown
 * transcription of §4.2.1: a cPais absent from the country table the caller passes (NfeTables.pais;
 * reference-data/paises-bacen.csv), leading zeros not significant as the rows' note says. The table joins two public
 * copies (the Portal's table of NT 2018.003 and a BACEN list) and six codes of earlier editions (Guernsey's 1504 and
 * Jersey's 1508 before 2018's renumbering …), so a code any of them knows is accepted: the table has no dates, and a
 * country missing from it would reject a valid export. Without the table the rules are not applied.
 */
const BACEN = {
  nome: 'paises',
  busca: 'pais',
  esperado: 'código da Tabela de Países do BACEN',
  shape: /^\d{1,4}$/,
} as const;
const paisRule = tableRule(BACEN);

export const countryRules: Rule[] = [
  paisRule(
    'E14-04',
    '377',
    'Código de País do destinatário inexistente',
    'E',
    ['55', '65'],
    'dest/enderDest/cPais, se informado, na Tabela de Países do BACEN.',
    (d) => [{ campo: `${root}/dest/enderDest/cPais`, code: text(d.dest, 'enderDest/cPais') }],
  ),
  paisRule(
    'F11-10',
    '970',
    'Código de País inexistente [local de retirada/entrega]',
    'F',
    ['55'],
    'retirada/cPais, se informado, na Tabela de Países do BACEN.',
    (d) => [{ campo: `${root}/retirada/cPais`, code: text(d.infNFe, 'retirada/cPais') }],
  ),
  paisRule(
    'G11-10',
    '970',
    'Código de País inexistente [local de retirada/entrega]',
    'G',
    ['55'],
    'entrega/cPais, se informado, na Tabela de Países do BACEN.',
    (d) => [{ campo: `${root}/entrega/cPais`, code: text(d.infNFe, 'entrega/cPais') }],
  ),
  paisRule(
    'U15-10',
    '739',
    'Código de País do ISSQN Inexistente',
    'U',
    ['55', '65'],
    'ISSQN/cPais (país onde o serviço foi prestado), se informado, na Tabela de Países do BACEN.',
    (d) =>
      d.items.map((it) => ({
        campo: `${it.path}/imposto/ISSQN/cPais`,
        code: text(it.imposto, 'ISSQN/cPais'),
        nItem: it.nItem,
      })),
  ),
];
