export { completeNfe, writeCompletedNfe } from './complete-nfe.js';
export { operationTags, xmlPathOfRequestField } from './field-paths.js';
export { type ItemRequestOptions, icmsContributorOf, itemRequestOf, type NfeItemTags } from './item-request.js';
export { nfeShell, payWith, SHELL_ISSUER_CNPJ, SHELL_RECIPIENT_CNPJ } from './nfe-shell.js';
export { type NfeToComplete, nfeItemTagsOf, readNfeToComplete } from './read-nfe.js';
export {
  type DocumentTaxTotals,
  goodsValueOf,
  type ItemTaxesShown,
  prodCarriesTaxes,
  prodFormOf,
  shownTaxesOf,
  taxesCarried,
} from './taxes-in-prod.js';
