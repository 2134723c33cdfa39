import { billingRules } from './rules-billing.js';
import { cfopOperationRules } from './rules-cfop-operation.js';
import { closingRules } from './rules-closing.js';
import { destRules } from './rules-dest.js';
import { emitRules } from './rules-emit.js';
import { ibsCbsMoreRules } from './rules-ibscbs-more.js';
import { icmsCstRules } from './rules-icms-cst.js';
import { icmsDestRules } from './rules-icms-dest.js';
import { icmsValueRules } from './rules-icms-values.js';
import { ideFlagRules } from './rules-ide-flags.js';
import { iePlaceRules } from './rules-ie-places.js';
import { importExportRules } from './rules-import-export.js';
import { issqnTotalRules } from './rules-issqn-totals.js';
import { itemSumRules } from './rules-item-sums.js';
import { paymentMeansRules } from './rules-payment-means.js';
import { placeAndItemRules } from './rules-places.js';
import { productRules } from './rules-products.js';
import { referenceRules } from './rules-references.js';
import { taxGroupRules } from './rules-tax-groups.js';
import { transportRules } from './rules-transport.js';
import type { Rule } from './types.js';

/**
 * The rules of decision 072 on the document's own fields — MOC 7.0 annex I groups B to ZD and a few UB rows of NT
 * 2025.002 — in the layout's order; their cases are in rules-document.test.ts.
 */
export const documentRules: readonly Rule[] = [
  ...ideFlagRules,
  ...emitRules,
  ...destRules,
  ...placeAndItemRules,
  ...productRules,
  ...cfopOperationRules,
  ...importExportRules,
  ...icmsCstRules,
  ...icmsValueRules,
  ...icmsDestRules,
  ...taxGroupRules,
  ...itemSumRules,
  ...transportRules,
  ...billingRules,
  ...paymentMeansRules,
  ...closingRules,
  ...iePlaceRules,
  ...issqnTotalRules,
  ...ibsCbsMoreRules,
  ...referenceRules,
];
