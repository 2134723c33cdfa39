import { countryRules } from './rules-countries.js';
import { emitterIdRules } from './rules-emitter-id.js';
import { itemFactRules } from './rules-item-facts.js';
import { municipalityRules } from './rules-municipalities.js';
import { referencedDocRules } from './rules-referenced-docs.js';
import { reformItemRules } from './rules-reform-items.js';
import type { Rule } from './types.js';

/**
 * The elements without which each of these rules finds nothing (Rule.requer, as rule-requirements.ts explains), written
 * from the predicates: the referenced document's tag, the item's indEscala/CNPJFab/dDesemb/dVal, the emitente's CPF.
 * Kept beside the rules (the book keeps a rule's own requer when rule-requirements.ts has no entry for it).
 */
const ids = (prefix: string, seqs: string) => seqs.split(' ').map((s) => `${prefix}-${s}`);
const REQUER: Record<string, readonly string[]> = {
  ...Object.fromEntries(ids('BA02', '10 14 20 24 30 34 40 44').map((id) => [id, ['refNFe']])),
  ...Object.fromEntries(ids('BA19', '10 14 20 24 30 34 40 44').map((id) => [id, ['refCTe']])),
  'BA03-10': ['refNF'],
  'BA05-10': ['refNF'],
  'BA06-10': ['refNF'],
  'BA10-10': ['refNFP'],
  'BA12-10': ['refNFP'],
  'BA13-10': ['refNFP'],
  'BA14-10': ['refNFP'],
  'BA15-10': ['refNFP'],
  'BA20-10': ['refECF'],
  'BA20-20': ['refECF', 'refNF'],
  'C02a-04': ['CPF'],
  'C02a-10': ['CPF'],
  'C02a-20': ['CPF'],
  'I05e-10': ['indEscala'],
  'I05e-20': ['CNPJFab'],
  'I23-10': ['dDesemb'],
  'I84-10': ['dVal'],
  'I05k-10': ['tpCredPresIBSZFM'],
  'I05k-20': ['tpCredPresIBSZFM'],
  'LA01-30': ['cClassTrib'],
  'N11-10': ['IBSCBS', 'IS'],
  'E10-10': ['enderDest'],
  'F07-20': ['retirada'],
  'G07-20': ['entrega'],
  'U05-10': ['ISSQN'],
  'U14-10': ['ISSQN'],
  'X17-10': ['retTransp'],
  'E14-04': ['cPais'],
  'F11-10': ['retirada'],
  'G11-10': ['entrega'],
  'U15-10': ['ISSQN'],
};

/**
 * MOC 7.0 annex I rows of groups BA, C and I read after decision 072 (the referenced documents, the emitente's CNPJ or
 * CPF against the série, the item's manufacturer, unit values, customs clearance and batch dates) and NT 2025.002's
 * item rows of groups I, LA and N (rules-reform-items.ts), and the rows of the IBGE municipality table
 * (rules-municipalities.ts) and of the BACEN country table (rules-countries.ts); their positive and negative cases are in rules-moc-rows.test.ts.
 */
export const mocRowRules: readonly Rule[] = [
  ...referencedDocRules,
  ...emitterIdRules,
  ...itemFactRules,
  ...reformItemRules,
  ...municipalityRules,
  ...countryRules,
].map((r) => (REQUER[r.id] ? { ...r, requer: REQUER[r.id] } : r));
