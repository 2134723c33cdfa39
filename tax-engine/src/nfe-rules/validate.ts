import { RULE_BOOK } from './book.js';
import { findNfe, viewNfe } from './nfe-view.js';
import type { Ambiente, NfeTables, Period, Rejeicao, Rule, RuleContext } from './types.js';
import { child, internName, text, type XNode } from './xml-node.js';

export interface ValidateOptions {
  /** Date whose rules apply (AAAA-MM-DD); default the document's dhEmi. */
  data?: string;
  /** Now, for the reception rules (alerts); default the current time. */
  agora?: Date;
  tabelas?: NfeTables | null;
  /**
   * Only these rules (ids), for callers that apply the book to a part of a document: the catalogue health check
   * builds a one-item NF-e from a product and its fiscal rule and asks the rules about those fields.
   */
  regras?: readonly string[];
  /**
   * Apply every rule even on a document without the elements its predicate needs (`Rule.requer`): for the tests that
   * prove the requirements only skip work and never hide a finding. Same findings, more CPU.
   */
  ignorarRequer?: boolean;
}

export interface RulesValidation {
  chave: string | null;
  dhEmi: string | null;
  modelo: string;
  regras: { versao: string; data: string; ambiente: Ambiente };
  rejeicoes: Rejeicao[];
  alertas: Rejeicao[];
  /** Rules of the book that were not applied to this document and why (missing tables). */
  naoAplicadas: { regra: string; motivo: string }[];
}

const inPeriod = (p: Period | null, date: string) =>
  p !== null && (p.desde === null || p.desde <= date) && (!p.ate || date <= p.ate);

/** Whether the rule is in force for the document's model, CRT, environment and date. */
export function ruleApplies(rule: Rule, modelo: string, crt: string, ambiente: Ambiente, data: string): boolean {
  if (!rule.modelos.includes(modelo as '55' | '65')) return false;
  if (rule.crt && !rule.crt.includes(crt)) return false;
  return inPeriod(rule.vigencia[ambiente], data);
}

const fill = (mensagem: string, nItem: number | undefined) =>
  mensagem.replace(/\s*\[nItem:\s*(999|nnn)\]/, nItem === undefined ? '' : ` [nItem: ${nItem}]`);

/** Names the rule set of a date: the MOC, and NT 2025.002 once its rules are in force in that environment. */
export function ruleSetName(data: string, ambiente: Ambiente): string {
  const nt = ambiente === 'producao' ? '2025-10-06' : '2025-07-01';
  return data >= nt ? 'MOC 7.0 Anexo I + NT 2025.002-RTC v1.51' : 'MOC 7.0 Anexo I';
}

/**
 * The rules in force for a model, CRT, environment and date, kept per key: an import's documents share a few dates, and
 * the book's rules need not be filtered again for each document. Beside each rule, the numbers of the elements its
 * predicate needs (`Rule.requer`, null for none), so that a document's requirements are a byte per element.
 */
interface InForce {
  rules: readonly Rule[];
  needs: readonly (Int32Array | null)[];
}
const inForce = new Map<string, InForce>();
let last: { modelo: string; crt: string; ambiente: Ambiente; data: string; found: InForce } | null = null;
function rulesInForce(modelo: string, crt: string, ambiente: Ambiente, data: string): InForce {
  // An import's documents mostly follow one another with the same model, CRT and date: no key built for those.
  if (last && last.modelo === modelo && last.crt === crt && last.ambiente === ambiente && last.data === data)
    return last.found;
  const found = rulesInForceByKey(modelo, crt, ambiente, data);
  last = { modelo, crt, ambiente, data, found };
  return found;
}

function rulesInForceByKey(modelo: string, crt: string, ambiente: Ambiente, data: string): InForce {
  const key = `${modelo}|${crt}|${ambiente}|${data}`;
  let found = inForce.get(key);
  if (!found) {
    const rules = RULE_BOOK.filter((r) => ruleApplies(r, modelo, crt, ambiente, data));
    found = { rules, needs: rules.map((r) => (r.requer ? Int32Array.from(r.requer, requiredNumber) : null)) };
    if (inForce.size >= 512) inForce.clear();
    inForce.set(key, found);
  }
  return found;
}

/** Every element name some rule requires, numbered once (the book's vocabulary: a few hundred names). */
const required = new Map<string, number>();
function requiredNumber(name: string): number {
  const n = internName(name);
  let k = required.get(n);
  if (k === undefined) {
    k = required.size;
    required.set(n, k);
  }
  return k;
}
for (const rule of RULE_BOOK) if (rule.requer) for (const t of rule.requer) requiredNumber(t);

/**
 * Which of the required elements the document has, one byte per element: one walk of the tree, no set built. The
 * NFe's infNFeSupl (the NFC-e's qrCode and urlChave, a sibling of infNFe) is walked too when given.
 */
function presenceOf(infNFe: XNode, supl?: XNode): Uint8Array {
  const present = new Uint8Array(required.size);
  const visit = (n: XNode) => {
    const children = n.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      const k = required.get(c.name);
      if (k !== undefined) present[k] = 1;
      if (c.children.length > 0) visit(c);
    }
  };
  visit(infNFe);
  if (supl) visit(supl);
  return present;
}

const meetsIn = (needs: Int32Array | null, present: Uint8Array) => {
  if (needs === null) return true;
  for (let i = 0; i < needs.length; i++) if (present[needs[i]!] === 1) return true;
  return false;
};

/**
 * Whether validateNfeRules runs the rule's predicate on the document (it has an element of `Rule.requer`): the same
 * byte check the loop makes, for the tests that prove each requirement is met by a valid instance.
 */
export function reachesPredicate(rule: Rule, infNFe: XNode, nfe?: XNode): boolean {
  const needs = rule.requer ? Int32Array.from(rule.requer, requiredNumber) : null;
  return meetsIn(needs, presenceOf(infNFe, nfe && child(nfe, 'infNFeSupl')));
}

/**
 * Applies every rule of the book in force on the date to an NF-e/NFC-e tree (NFe or nfeProc) and returns every
 * finding, not only the first: rejections, and alerts for the rules about the moment of reception.
 * Throws a RangeError when the tree is not an NF-e.
 */
export function validateNfeRules(tree: XNode, opts: ValidateOptions = {}): RulesValidation {
  const nfe = findNfe(tree);
  const infNFe = child(nfe, 'infNFe');
  if (!infNFe) throw new RangeError('O documento não é uma NF-e (NFe ou nfeProc).');
  const doc = viewNfe(infNFe, nfe);
  const ambiente: Ambiente = text(doc.ide, 'tpAmb') === '2' ? 'homologacao' : 'producao';
  const data = opts.data ?? doc.emissao ?? new Date().toISOString().slice(0, 10);
  const ctx: RuleContext = { data, ambiente, agora: opts.agora ?? new Date(), tabelas: opts.tabelas ?? null };
  const rejeicoes: Rejeicao[] = [];
  const alertas: Rejeicao[] = [];
  const naoAplicadas: RulesValidation['naoAplicadas'] = [];
  const only = opts.regras ? new Set(opts.regras) : null;
  const present = presenceOf(infNFe, child(nfe, 'infNFeSupl'));
  const { rules, needs } = rulesInForce(doc.modelo, doc.crt, ambiente, data);
  // An indexed loop and a length test before any iteration: most rules find nothing on most documents, and this loop
  // runs a few hundred times per NF-e of an import.
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (only && !only.has(rule.id)) continue;
    if (rule.tabelas && !ctx.tabelas) {
      naoAplicadas.push({ regra: rule.id, motivo: 'Tabelas oficiais não fornecidas.' });
      continue;
    }
    if (!opts.ignorarRequer && !meetsIn(needs[i]!, present)) continue;
    const found = rule.verificar(doc, ctx);
    for (let k = 0; k < found.length; k++) {
      const f = found[k]!;
      const r: Rejeicao = {
        codigo: rule.codigo,
        regra: rule.id,
        mensagem: fill(rule.mensagem, f.nItem),
        campo: f.campo,
        nItem: f.nItem ?? null,
        esperado: f.esperado ?? null,
        encontrado: f.encontrado ?? null,
        facultativa: rule.aplicacao === 'facultativa',
        fonte: rule.fonte,
      };
      (rule.efeito === 'alerta' ? alertas : rejeicoes).push(r);
    }
  }
  const id = infNFe.attrs.Id ?? '';
  return {
    chave: /^NFe\w{44}$/.test(id) ? id.slice(3) : null,
    dhEmi: text(doc.ide, 'dhEmi') ?? null,
    modelo: doc.modelo,
    regras: { versao: ruleSetName(data, ambiente), data, ambiente },
    rejeicoes,
    alertas,
    naoAplicadas,
  };
}
