import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { parseCfopTable } from './cfop-table.js';
import { parseMunicipios } from './municipios-table.js';
import { nfceUrlsKey, parseNfceUrls } from './nfce-urls-table.js';
import { findInfNFe, findNfe } from './nfe-view.js';
import { parsePaises } from './paises-table.js';
import { modelsOf } from './rules-cclasstrib-model.js';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import type { ClassTribIndicators, IbsCbsCstIndicators, NfeTables, Rule } from './types.js';
import { reachesPredicate as reaches, type ValidateOptions, validateNfeRules } from './validate.js';
import type { XNode } from './xml-node.js';

/** Test helpers: paths with 1-based indexes among same-name siblings ('NFe/infNFe/det[2]/prod/vProd'). */
export function find(tree: XNode, p: string): XNode {
  const steps = p.split('/');
  if (steps[0] !== tree.name) throw new Error(`root is ${tree.name}`);
  let node = tree;
  for (const step of steps.slice(1)) {
    const m = /^(\w+)(?:\[(\d+)\])?$/.exec(step)!;
    const next = node.children.filter((c) => c.name === m[1])[(Number(m[2] ?? 1) || 1) - 1];
    if (!next) throw new Error(`no ${step} in ${p}`);
    node = next;
  }
  return node;
}

export const setText = (tree: XNode, p: string, value: string) => {
  find(tree, p).text = value;
  return tree;
};

export function remove(tree: XNode, p: string): XNode {
  const parent = find(tree, p.slice(0, p.lastIndexOf('/')));
  const target = find(tree, p);
  parent.children = parent.children.filter((c) => c !== target);
  return tree;
}

/** Inserts `node` into the element at `p`, before its child named `before` (or last). */
export function insert(tree: XNode, p: string, node: XNode, before?: string): XNode {
  const parent = find(tree, p);
  const i = before ? parent.children.findIndex((c) => c.name === before) : -1;
  if (i < 0) parent.children.push(node);
  else parent.children.splice(i, 0, node);
  return tree;
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The official tables the server passes, read here from the bundled files: NCM (reference-data/ncm-siscomex.json)
 * and the CST/cClassTrib indicators of Receita's calculator data (reference-data/rtc/classificacoes-tributarias.json).
 */
export function bundledTables(): NfeTables {
  const ncm = JSON.parse(readFileSync(path.join(repo, 'reference-data/ncm-siscomex.json'), 'utf8')) as {
    Nomenclaturas: { Codigo: string; Data_Inicio: string; Data_Fim: string }[];
  };
  const iso = (br: string) => br.split('/').reverse().join('-');
  const ncms = new Map(
    ncm.Nomenclaturas.filter((n) => n.Codigo.replace(/\./g, '').length === 8).map((n) => [
      n.Codigo.replace(/\./g, ''),
      [iso(n.Data_Inicio), iso(n.Data_Fim)] as const,
    ]),
  );
  const rows = JSON.parse(
    readFileSync(path.join(repo, 'reference-data/rtc/classificacoes-tributarias.json'), 'utf8'),
  ) as Record<string, unknown>[];
  const csts = new Map<string, IbsCbsCstIndicators>();
  const classes = new Map<string, ClassTribIndicators>();
  for (const r of rows) {
    if (r.TBTO_SIGLA === 'IS') continue;
    const cst = String(r.SITR_CD);
    if (!csts.has(cst))
      csts.set(cst, {
        gIBSCBS: r.SITR_IND_GIBSCBS === 1,
        gRed: r.SITR_IND_GRED === 1,
        gDif: r.SITR_IND_GDIF === 1,
        gIBSCBSMono: r.SITR_IND_GIBSCBSMONO === 1,
        gTransfCred: r.SITR_IND_GTRANSFCRED === 1,
        gAjusteCompet: r.SITR_IND_GAJUSTECOMPET === 1,
        gCredPresIBSZFM: r.SITR_IND_GCREDPRESIBSZFM === 1,
      });
    classes.set(String(r.CLTR_CD), {
      cst,
      exigeTribRegular: r.TRTR_IN_EXIGE_GRUPO_DESONERACAO === 1,
      modelos: modelsOf((r.TPDF_SIGLA as string[] | null) ?? []),
      gCredPresOper: r.CLTR_IND_GCREDPRESOPER === 1,
      gEstornoCred: r.CLTR_IND_GESTORNOCRED === 1,
    });
  }
  const cfops = parseCfopTable(readFileSync(path.join(repo, 'reference-data/cfop-indicadores.tsv'), 'utf8'));
  const municipios = parseMunicipios(readFileSync(path.join(repo, 'reference-data/ibge-municipios.csv'), 'utf8'));
  const paises = parsePaises(readFileSync(path.join(repo, 'reference-data/paises-bacen.csv'), 'utf8'));
  const nfceUrls = parseNfceUrls(readFileSync(path.join(repo, 'reference-data/nfce-urls-uf.tsv'), 'utf8'));
  return {
    ncmInForce(code, date) {
      if (date < '2022-04-01') return undefined;
      const r = ncms.get(code);
      return r ? r[0] <= date && date <= r[1] : false;
    },
    ibsCbsCst: (c) => csts.get(c),
    cClassTrib: (c) => classes.get(c),
    cfop: (c) => cfops.get(c),
    municipio: (c) => municipios.has(c),
    pais: (c) => paises.has(Number(c)),
    nfceUrls: (uf, tpAmb, tipo) => nfceUrls.get(nfceUrlsKey(uf, tpAmb, tipo)),
    description: 'tabelas do repositório (teste)',
  };
}

/** A rule's cases: a consistent sample (and a second positive), and the sample broken the one way the row describes. */
export interface RuleCase {
  sample: SampleNfe;
  breakIt: (t: XNode) => void;
  /** A second positive beside the sample itself, when the sample does not exercise the rule. */
  alsoPasses?: (t: XNode) => void;
  agora?: Date;
}

const built = (c: RuleCase, change?: (t: XNode) => void) => {
  const t = sampleNfe(c.sample);
  change?.(t);
  return t;
};

/** What a case file's finder returns for one rule: its findings on a tree (rejections, and alerts where it reads them). */
export type CaseFinder = (tree: XNode, id: string, agora?: Date) => readonly { codigo: string; campo: string }[];

/**
 * One test per rule that has a case: the consistent sample passes, and so does the second positive (`alsoPasses`); the
 * sample broken the one way the row describes gets the rule's code on a field of the document (`field`).
 */
export function eachRuleCase(
  rules: readonly Rule[],
  cases: Readonly<Record<string, RuleCase>>,
  found: CaseFinder,
  opts: { title?: (rule: Rule) => string; field?: RegExp } = {},
): void {
  for (const rule of rules) {
    const c = cases[rule.id];
    if (!c) continue;
    const source = `${rule.fonte.documento} v${rule.fonte.versao}, ${rule.fonte.secao}`;
    it(opts.title?.(rule) ?? `${rule.id} (${rule.codigo}, ${source}): ${rule.descricao}`, () => {
      expect(found(built(c), rule.id)).toEqual([]);
      if (c.alsoPasses) expect(found(built(c, c.alsoPasses), rule.id)).toEqual([]);
      const f = found(built(c, c.breakIt), rule.id, c.agora);
      expect(f.length).toBeGreaterThan(0);
      expect(f[0]!.codigo).toBe(rule.codigo);
      expect(f[0]!.campo).toMatch(opts.field ?? /^NFe\/infNFe/);
    });
  }
}

/** Whether validateNfeRules runs the rule's predicate on the tree (it has an element of `Rule.requer`). */
export const reachesPredicate = (rule: Rule, tree: XNode) => reaches(rule, findInfNFe(tree)!, findNfe(tree));

/**
 * The rules of the book (with their `requer`) with a requirement whose positive cases (the sample, and the sample with `alsoPasses`) all lack it: their
 * predicate never runs on a valid instance, so a predicate that fired on every instance would still pass.
 */
export const positivesSkipped = (
  cases: Readonly<Record<string, RuleCase>>,
  presenceIsTheFault: readonly string[] = [],
): string[] =>
  RULE_BOOK.filter((r) => r.requer && cases[r.id] && !presenceIsTheFault.includes(r.id))
    .filter((r) => {
      const c = cases[r.id]!;
      return ![built(c), ...(c.alsoPasses ? [built(c, c.alsoPasses)] : [])].some((t) => reachesPredicate(r, t));
    })
    .map((r) => r.id);

/**
 * The case trees (positive, second positive, negative) whose findings — every rule's, not only the case's — differ
 * with and without the requirements pre-filter: the table must only skip work, never hide a finding.
 */
export function hiddenByRequirements(
  cases: Readonly<Record<string, RuleCase>>,
  opts: ValidateOptions & { agora: Date },
): string[] {
  const out: string[] = [];
  for (const [id, c] of Object.entries(cases)) {
    const trees: [string, XNode, Date][] = [
      ['sample', built(c), opts.agora],
      ['breakIt', built(c, c.breakIt), c.agora ?? opts.agora],
    ];
    if (c.alsoPasses) trees.push(['alsoPasses', built(c, c.alsoPasses), opts.agora]);
    for (const [kind, t, agora] of trees) {
      const withTable = validateNfeRules(t, { ...opts, agora });
      const without = validateNfeRules(t, { ...opts, agora, ignorarRequer: true });
      if (JSON.stringify(withTable) !== JSON.stringify(without)) out.push(`${id} ${kind}`);
    }
  }
  return out;
}
