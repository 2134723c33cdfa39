import { emitDestRules } from './rules-emit-dest.js';
import { ideFlagRules } from './rules-ide-flags.js';
import { placeAndItemRules } from './rules-places.js';
import { productRules } from './rules-products.js';
import type { Rule } from './types.js';

/**
 * The MOC 7.0 annex I rules of decision 072 on the document's own fields (groups B, BA, C, D, E, F, G, GA, H and I),
 * in the book's order; their cases are in rules-document.test.ts.
 */
export const documentRules: readonly Rule[] = [
  ...ideFlagRules,
  ...emitDestRules,
  ...placeAndItemRules,
  ...productRules,
];
