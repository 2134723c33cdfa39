import { type NfeView, root } from './nfe-view.js';
import { type TablePlace, tableRule } from './rule-factory.js';
import type { Rule } from './types.js';
import { children, text, type XNode } from './xml-node.js';

/**
 * The "Tabela Municípios IBGE" rows of MOC 7.0 annex I (B12-10, C10-10, E10-10, F07-20, G07-20, U05-10, U14-10,
 * X17-10), read with their exceptions in a public markdown transcription of §4.2.1: a 7-digit code absent from the
 * IBGE table the caller passes (NfeTables.municipio; reference-data/ibge-municipios.csv, 5,571 municípios). Without
 * that table the rules are not applied. Addresses abroad (UF "EX", município 9999999) are the rows' exceptions;
 * ISSQN's 9999999 is accepted for a service rendered abroad, as U05-10's exception says ("dest/cUF = EX"; also when
 * the item's ISSQN/cPais names another country, the service's place the row speaks of) — also in U14-10, whose row
 * does not say it (a missed rejection rather than a wrong one).
 */
const both = ['55', '65'] as const;
const EXTERIOR = '9999999';

const IBGE = { nome: 'municipios', busca: 'municipio', esperado: 'código da Tabela de Municípios do IBGE' } as const;
const munRule = tableRule(IBGE);
const one = (campo: string, code: string | undefined) => [{ campo, code }];
/** A place's cMun when its UF is not "EX" (abroad: the rows with 9999999 apply instead). */
const placeMun = (node: XNode | undefined, campo: string) =>
  node && text(node, 'UF') !== 'EX' ? one(campo, text(node, 'cMun')) : [];
const destAbroad = (d: NfeView) => text(d.dest, 'enderDest/UF') === 'EX';
/** The service rendered abroad: the destinatário abroad (the row's words) or the item's ISSQN/cPais other than Brazil. */
const abroad = (d: NfeView, issqnPais: string | undefined) =>
  destAbroad(d) || (issqnPais !== undefined && Number(issqnPais) !== 1058);
const issqn = (tag: 'cMunFG' | 'cMun') => (d: NfeView) => {
  const out: TablePlace[] = [];
  for (const it of d.items) {
    const v = text(it.imposto, `ISSQN/${tag}`);
    if (v === undefined || (v === EXTERIOR && abroad(d, text(it.imposto, 'ISSQN/cPais')))) continue;
    out.push({ campo: `${it.path}/imposto/ISSQN/${tag}`, code: v, nItem: it.nItem });
  }
  return out;
};

export const municipalityRules: Rule[] = [
  munRule(
    'B12-10',
    '270',
    'Código Município do Fato Gerador de ICMS inexistente',
    'B',
    both,
    'ide/cMunFG na Tabela de Municípios do IBGE.',
    (d) => one(`${root}/ide/cMunFG`, text(d.ide, 'cMunFG')),
  ),
  munRule(
    'C10-10',
    '272',
    'Código Município do Emitente inexistente',
    'C',
    both,
    'emit/enderEmit/cMun na Tabela de Municípios do IBGE.',
    (d) => one(`${root}/emit/enderEmit/cMun`, text(d.emit, 'enderEmit/cMun')),
  ),
  munRule(
    'E10-10',
    '274',
    'Código Município do Destinatário inexistente',
    'E',
    both,
    'Endereço do destinatário fora do exterior (UF diferente de EX): cMun na Tabela de Municípios do IBGE.',
    (d) => placeMun(children(d.dest, 'enderDest')[0], `${root}/dest/enderDest/cMun`),
  ),
  munRule(
    'F07-20',
    '276',
    'Código Município do Local de Retirada inexistente',
    'F',
    both,
    'Local de retirada fora do exterior (UF diferente de EX): cMun na Tabela de Municípios do IBGE.',
    (d) => placeMun(children(d.infNFe, 'retirada')[0], `${root}/retirada/cMun`),
  ),
  munRule(
    'G07-20',
    '278',
    'Código Município do Local de Entrega inexistente',
    'G',
    both,
    'Local de entrega fora do exterior (UF diferente de EX): cMun na Tabela de Municípios do IBGE.',
    (d) => placeMun(children(d.infNFe, 'entrega')[0], `${root}/entrega/cMun`),
  ),
  munRule(
    'U05-10',
    '287',
    'Código Município do Fato Gerador de ISSQN inexistente [nItem:nnn]',
    'U',
    both,
    'ISSQN/cMunFG na Tabela de Municípios do IBGE (9999999 aceito na prestação no exterior: destinatário ou ISSQN/cPais).',
    issqn('cMunFG'),
  ),
  munRule(
    'U14-10',
    '389',
    'Código Município ISSQN inexistente [nItem:nnn]',
    'U',
    both,
    'ISSQN/cMun (município de incidência) na Tabela de Municípios do IBGE (9999999 não julgado na prestação no exterior).',
    issqn('cMun'),
  ),
  munRule(
    'X17-10',
    '288',
    'Código Município do Fato Gerador do Transporte inexistente',
    'X',
    ['55'],
    'transp/retTransp/cMunFG na Tabela de Municípios do IBGE.',
    (d) => one(`${root}/transp/retTransp/cMunFG`, text(d.infNFe, 'transp/retTransp/cMunFG')),
  ),
];
