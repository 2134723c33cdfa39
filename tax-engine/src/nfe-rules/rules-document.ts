import { closingRules } from './rules-closing.js';
import { emitDestRules } from './rules-emit-dest.js';
import { icmsItemRules } from './rules-icms-items.js';
import { ideFlagRules } from './rules-ide-flags.js';
import { iePlaceRules } from './rules-ie-places.js';
import { issqnTotalRules } from './rules-issqn-totals.js';
import { placeAndItemRules } from './rules-places.js';
import { productRules } from './rules-products.js';
import type { Rule } from './types.js';

/**
 * The MOC 7.0 annex I rules of decision 072 on the document's own fields (groups B to ZC),
 * in the book's order; their cases are in rules-document.test.ts.
 */
export const documentRules: readonly Rule[] = [
  ...ideFlagRules,
  ...emitDestRules,
  ...placeAndItemRules,
  ...productRules,
  ...icmsItemRules,
  ...closingRules,
  ...iePlaceRules,
  ...issqnTotalRules,
];
