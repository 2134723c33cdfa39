/**
 * The rule facts the operations builder reads. Field names are those of fiscal_rule_versions rows
 * (rates as NUMERIC decimal strings), so a version row can be passed as is.
 */

/** ICMS protocol/agreement as a rule stores it (rates as decimal strings). */
export interface AgreementFacts {
  name: string;
  description: string | null;
  exempted: boolean;
  subsTrib: boolean;
  respTrib: string | null;
  aliqIcmsInterestadual: string | null;
  redBcInterestadual: string | null;
  aliqEfetiva: string | null;
  iva: string | null;
  validityIn: string | null;
  endOfValidityIn: string | null;
}

/**
 * The parts of one rule version (federal part + state part of one UF) the operations need. Field
 * names are those of fiscal_rule_versions rows, so a version row can be passed as is.
 */
export interface RuleFacts {
  uf: string;
  ncm: string;
  cest: string | null;
  codAnp: string | null;
  pmc: string | null;
  importTax: string | null;
  nri: string | null;
  aliqPis: string | null;
  pisCstEntrada: string | null;
  pisCstSaida: string | null;
  aliqCofins: string | null;
  cofinsCstEntrada: string | null;
  cofinsCstSaida: string | null;
  redPis: string | null;
  redCofins: string | null;
  piscofinsAmpLegal: string | null;
  ipiAliq: string | null;
  ipiCodEnq: string | null;
  ipiCstEntrada: string | null;
  ipiCstSaida: string | null;
  ipiEx: string | null;
  cbsCst: string | null;
  cbsCClassTrib: string | null;
  cbsAliq: string | null;
  cbsReducao: string | null;
  cstIcms: string | null;
  cstCsosn: string | null;
  aliqIcms: string | null;
  aliqIcmsSt: string | null;
  redBcIcms: string | null;
  redBcIcmsSt: string | null;
  iva: string | null;
  fcp: string | null;
  codBenef: string | null;
  antecipado: boolean;
  pDifer: string | null;
  desonerado: boolean;
  isencao: string | null;
  icmsAmpLegal: string | null;
  tpCalcDifal: number;
  ibsAliqUf: string | null;
  ibsAliqMun: string | null;
  ibsReducao: string | null;
  protocol: AgreementFacts | null;
  agreement: AgreementFacts | null;
}
