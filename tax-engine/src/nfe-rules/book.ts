import { RULE_REQUIREMENTS } from './rule-requirements.js';
import { cClassTribModelRules } from './rules-cclasstrib-model.js';
import { cfopRules } from './rules-cfop.js';
import { documentRules } from './rules-document.js';
import { ibsCbsRules } from './rules-ibscbs.js';
import { ibsCbsCreditRules } from './rules-ibscbs-credits.js';
import { deferralRules } from './rules-ibscbs-deferral.js';
import { ibsCbsGroupRules } from './rules-ibscbs-groups.js';
import { ibsCbsTotalRules } from './rules-ibscbs-totals.js';
import { ideRules } from './rules-ide.js';
import { ieRules } from './rules-ie.js';
import { itemTotalRules } from './rules-item-total.js';
import { itemRules } from './rules-items.js';
import { mocRowRules } from './rules-moc-rows.js';
import { nfceRules } from './rules-nfce.js';
import { paymentRules } from './rules-payment.js';
import { qrCodeRules } from './rules-qrcode.js';
import { reformIdeRules } from './rules-reform-ide.js';
import { totalRules } from './rules-totals.js';
import { tribRegularRules } from './rules-trib-regular.js';
import { ufNcmRules } from './rules-uf-ncm.js';
import type { Rule } from './types.js';

const withRequirements = (rules: Rule[]): Rule[] =>
  rules.map((r) => (RULE_REQUIREMENTS[r.id] ? { ...r, requer: RULE_REQUIREMENTS[r.id] } : r));

/** Every rule the engine checks, in the order of the layout groups. */
export const RULE_BOOK: readonly Rule[] = withRequirements([
  ...ideRules,
  ...ieRules,
  ...ufNcmRules,
  ...itemRules,
  ...cfopRules,
  ...nfceRules,
  ...ibsCbsRules,
  ...tribRegularRules,
  ...cClassTribModelRules,
  ...totalRules,
  ...itemTotalRules,
  ...ibsCbsTotalRules,
  ...paymentRules,
  // Decision 072's rules last: where two rules name the same field, the audit keeps the earlier one's code.
  ...documentRules,
  // MOC rows of groups BA, C and I read after decision 072 (cases in rules-moc-rows.test.ts).
  ...mocRowRules,
  // NT 2025.002's rows of groups B and UB read in its v1.31 text (cases in rules-reform.test.ts).
  ...reformIdeRules,
  ...deferralRules,
  ...ibsCbsCreditRules,
  // NT 2025.002's UB rows on the groups beside gIBSCBS against a CST or cClassTrib indicator (rules-ibscbs-groups.ts).
  ...ibsCbsGroupRules,
  // Group ZX (the NFC-e's QR-Code, MOC 7.0 annex I and NT 2025.001): read from the NFe element (rules-qrcode.ts).
  ...qrCodeRules,
]);
