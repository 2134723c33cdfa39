import { type NfeView, root } from './nfe-view.js';
import { mocRule } from './rule-factory.js';
import type { Finding, Rule, RuleContext, RuleGroup } from './types.js';
import { text } from './xml-node.js';

/**
 * The "Tabela do BACEN" rows of MOC 7.0 annex I (E14-04, F11-10, G11-10, U15-10), read in a public markdown
 * transcription of §4.2.1: a cPais absent from the country table the caller passes (NfeTables.pais;
 * reference-data/paises-bacen.csv), leading zeros not significant as the rows' note says. The table joins two public
 * copies (the Portal's table of NT 2018.003 and a BACEN list), so a code either knows is accepted. Without the table
 * the rules are not applied.
 */
function paisRule(
  id: string,
  codigo: string,
  mensagem: string,
  grupo: RuleGroup,
  modelos: readonly ('55' | '65')[],
  descricao: string,
  codes: (d: NfeView) => { campo: string; code: string | undefined; nItem?: number }[],
): Rule {
  return {
    ...mocRule(id, codigo, mensagem, grupo, modelos, 'obrigatoria', descricao, (d: NfeView, ctx: RuleContext) => {
      const t = ctx.tabelas;
      if (!t?.pais) return [];
      let out: Finding[] | undefined;
      for (const c of codes(d)) {
        if (c.code === undefined || !/^\d{1,4}$/.test(c.code) || t.pais(c.code)) continue;
        const f: Finding = { campo: c.campo, encontrado: c.code, esperado: 'código da Tabela de Países do BACEN' };
        if (c.nItem !== undefined) f.nItem = c.nItem;
        if (out) out.push(f);
        else out = [f];
      }
      return out ?? [];
    }),
    tabelas: ['paises'],
  };
}

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
