export { RULE_BOOK } from './book.js';
export { type CfopIndicators, parseCfopTable } from './cfop-table.js';
export { accessKeyDigit, isValidCnpj, isValidCpf } from './check-digits.js';
export { isValidIe } from './ie-check-digits.js';
export { ieExample } from './ie-examples.js';
export { parseMunicipios } from './municipios-table.js';
export { type NfceUrlKind, type NfceUrls, nfceUrlKey, nfceUrlsKey, parseNfceUrls } from './nfce-urls-table.js';
export { parsePaises } from './paises-table.js';
export { RULE_STATUS, type RuleStatus, statusOf } from './rule-status.js';
export { modelsOf } from './rules-cclasstrib-model.js';
export { type SampleItem, type SampleNfe, sampleNfe } from './sample-nfe.js';
export { el, nodeToXml } from './sample-xml.js';
export type {
  Ambiente,
  ClassTribIndicators,
  Finding,
  IbsCbsCstIndicators,
  NfeTables,
  Period,
  Rejeicao,
  Rule,
  RuleContext,
  RuleGroup,
  RuleSource,
} from './types.js';
export { type RulesValidation, ruleApplies, ruleSetName, type ValidateOptions, validateNfeRules } from './validate.js';
export { internName, type XNode } from './xml-node.js';
