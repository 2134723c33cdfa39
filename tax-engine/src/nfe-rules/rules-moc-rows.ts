import { countryRules } from './rules-countries.js';
import { emitterIdRules } from './rules-emitter-id.js';
import { itemFactRules } from './rules-item-facts.js';
import { municipalityRules } from './rules-municipalities.js';
import { referencedDocRules } from './rules-referenced-docs.js';
import { reformItemRules } from './rules-reform-items.js';
import type { Rule } from './types.js';

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
];
