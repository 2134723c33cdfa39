import { icmsUfTable } from '../interstate-rate.js';
import { type ItemView, type NfeView, taxGroup } from './nfe-view.js';
import { always, moc, nt2025002, rtc } from './sources.js';
import type { Finding, NfeTables, Rule, RuleContext, RuleGroup } from './types.js';
import { child, text, type XNode } from './xml-node.js';

/**
 * A MOC 7.0 annex I rule in force for every layout 4.00 document, in one line: id, code, official message (the index's
 * text, without "Rejeição: "), models, the row's Obrig./Facult. column and what is checked. Used by the rules added in
 * decision 072, read in a public markdown transcription of the annex's tables.
 */
export function mocRule(
  id: string,
  codigo: string,
  mensagem: string,
  grupo: RuleGroup,
  modelos: readonly ('55' | '65')[],
  aplicacao: 'obrigatoria' | 'facultativa',
  descricao: string,
  verificar: (doc: NfeView, ctx: RuleContext) => Finding[],
): Rule {
  return {
    id,
    codigo,
    mensagem: `Rejeição: ${mensagem}`,
    grupo,
    modelos,
    aplicacao,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc(grupo),
    descricao,
    verificar,
  };
}

/**
 * A group an NFC-e item does not carry (IPI, II, PIS-ST, COFINS-ST, ICMSPart, ICMSST …): its presence is the fault.
 * ICMSPart and ICMSST sit inside ICMS; the others inside imposto.
 */
export const nfceGroup = (id: string, codigo: string, mensagem: string, grupo: RuleGroup, name: string) =>
  mocRule(
    id,
    codigo,
    mensagem,
    grupo,
    ['65'],
    'obrigatoria',
    `NFC-e sem o grupo ${name} no item.`,
    perItem((it) => {
      const inIcms = name === 'ICMSPart' || name === 'ICMSST';
      const g = inIcms ? child(child(it.imposto, 'ICMS'), name) : taxGroup(it, name);
      return g ? { campo: `${it.path}/imposto/${inIcms ? 'ICMS/' : ''}${name}` } : null;
    }),
  );

/**
 * A rule of NT 2025.002, in force on the reform's schedule (rtc), in one line like mocRule: id, code, official message
 * (without "Rejeição: "), group, models, the row's Obrig./Facult. (null where the NT's table leaves it blank), what is
 * checked, and the NT's version whose row was read.
 */
export function ntRule(
  id: string,
  codigo: string,
  mensagem: string,
  grupo: RuleGroup,
  modelos: readonly ('55' | '65')[],
  aplicacao: Rule['aplicacao'],
  descricao: string,
  verificar: (doc: NfeView, ctx: RuleContext) => Finding[],
  versao = '1.40',
): Rule {
  return {
    id,
    codigo,
    mensagem: `Rejeição: ${mensagem}`,
    grupo,
    modelos,
    aplicacao,
    efeito: 'rejeicao',
    vigencia: rtc,
    fonte: nt2025002(grupo, versao),
    descricao,
    verificar,
  };
}

export const ibgeUfCode = (uf: string | undefined): string | undefined =>
  uf && uf in icmsUfTable ? String(icmsUfTable[uf as keyof typeof icmsUfTable].ibgeCode) : undefined;

/**
 * One finding per item that breaks the rule. A plain loop that allocates only when something is found: the per-item
 * rules run on every item of every document of an import, and most find nothing.
 */
export const perItem =
  (bad: (it: ItemView, d: NfeView, ctx: RuleContext) => Finding | null) =>
  (d: NfeView, ctx: RuleContext): Finding[] => {
    let out: Finding[] | undefined;
    for (const it of d.items) {
      const f = bad(it, d, ctx);
      if (!f) continue;
      if (!out) out = [];
      out.push({ nItem: it.nItem, ...f });
    }
    return out ?? [];
  };

/**
 * The rows of NT 2025.002 read in v1.31, all "Obrig.": one factory per layout group, on rtc's schedule unless the NT's
 * history gives the rows another (v1.30's second list …).
 */
export const ntRows =
  (grupo: RuleGroup, vigencia?: Rule['vigencia']) =>
  (
    id: string,
    codigo: string,
    mensagem: string,
    modelos: readonly ('55' | '65')[],
    descricao: string,
    verificar: Rule['verificar'],
  ): Rule => {
    const r = ntRule(id, codigo, mensagem, grupo, modelos, 'obrigatoria', descricao, verificar, '1.31');
    return vigencia ? { ...r, vigencia } : r;
  };

/**
 * NT 2025.002's note **: its rules apply only to documents that fill the reform's fields — an item with IBSCBS or IS.
 */
export const hasReformGroups = (d: NfeView): boolean =>
  d.items.some((it) => it.ibscbs !== undefined || child(it.imposto, 'IS') !== undefined);

/** Appends a finding, allocating the list only for the first (most documents have none). */
export const pushFinding = (out: Finding[] | undefined, f: Finding): Finding[] => {
  if (!out) return [f];
  out.push(f);
  return out;
};

/** A code the rule looks up in an official table, where the document has it. */
export interface TablePlace {
  campo: string;
  code: string | undefined;
  nItem?: number;
}

/**
 * A MOC row "código inexistente (Tabela …)", one factory per table: each code the document gives is looked up in the official table the caller
 * passes (NfeTables.municipio or .pais); without that table the rule is not applied. Codes not of `shape` are the
 * schema's to refuse, not this rule's.
 */
export const tableRule =
  (tabela: { nome: 'municipios' | 'paises'; busca: 'municipio' | 'pais'; esperado: string; shape?: RegExp }) =>
  (
    id: string,
    codigo: string,
    mensagem: string,
    grupo: RuleGroup,
    modelos: readonly ('55' | '65')[],
    descricao: string,
    places: (d: NfeView) => TablePlace[],
  ): Rule => ({
    ...mocRule(id, codigo, mensagem, grupo, modelos, 'obrigatoria', descricao, (d: NfeView, ctx: RuleContext) => {
      const t: NfeTables | null = ctx.tabelas;
      const known = t?.[tabela.busca];
      if (!t || !known) return [];
      let out: Finding[] | undefined;
      for (const c of places(d)) {
        if (c.code === undefined || (tabela.shape && !tabela.shape.test(c.code)) || known.call(t, c.code)) continue;
        const f: Finding = { campo: c.campo, encontrado: c.code, esperado: tabela.esperado };
        if (c.nItem !== undefined) f.nItem = c.nItem;
        out = pushFinding(out, f);
      }
      return out ?? [];
    }),
    tabelas: [tabela.nome],
  });

/** A finding when the condition holds. */
export const when = (cond: boolean, f: Finding): Finding[] => (cond ? [f] : []);

export const has = (node: XNode | undefined, path: string) => text(node, path) !== undefined;

/** GS1 check digit of a GTIN-8/12/13/14 (the MOC points to gs1.org's calculator). */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
