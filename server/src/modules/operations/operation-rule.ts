import {
  assertCode,
  assertRate,
  assertValue,
  ibsCbsCsts,
  icmsCsosns,
  icmsCsts,
  ipiCsts,
  pisCofinsCsts,
} from '@app/tax-engine';

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

/**
 * The rule's codes and rates checked by the engine's one set of input rules (contract tax/input-checks,
 * the same as POST /tax/calculate): a stored CST that does not exist, a negative figure or a rate of
 * 100 % or more is refused with the same message instead of being computed (or failing as a 500).
 */
export function checkRuleFacts(rule: RuleFacts): void {
  // A rule may store the ICMS CST with its origin digit in front (3 digits): the CST is the last two.
  assertCode('cstIcms', 'CST do ICMS', rule.cstIcms?.trim().slice(-2), icmsCsts);
  assertCode('cstCsosn', 'CSOSN', rule.cstCsosn, icmsCsosns);
  for (const [field, code] of [
    ['pisCstEntrada', rule.pisCstEntrada],
    ['pisCstSaida', rule.pisCstSaida],
  ] as const)
    assertCode(field, 'CST do PIS', code, pisCofinsCsts);
  for (const [field, code] of [
    ['cofinsCstEntrada', rule.cofinsCstEntrada],
    ['cofinsCstSaida', rule.cofinsCstSaida],
  ] as const)
    assertCode(field, 'CST da COFINS', code, pisCofinsCsts);
  for (const [field, code] of [
    ['ipiCstEntrada', rule.ipiCstEntrada],
    ['ipiCstSaida', rule.ipiCstSaida],
  ] as const)
    assertCode(field, 'CST do IPI', code, ipiCsts);
  assertCode('cbsCst', 'CST do IBS/CBS', rule.cbsCst, ibsCbsCsts);
  // Labels are the NF-e tags of /tax/calculate for the same figure, so the message is the same.
  const rates: [keyof RuleFacts, string][] = [
    ['aliqIcms', 'pICMS'],
    ['aliqIcmsSt', 'pICMSST'],
    ['redBcIcms', 'pRedBC'],
    ['redBcIcmsSt', 'pRedBCST'],
    ['fcp', 'pFCP'],
    ['pDifer', 'pDif'],
    ['aliqPis', 'pPIS'],
    ['aliqCofins', 'pCOFINS'],
    ['ipiAliq', 'pIPI'],
  ];
  for (const [field, label] of rates) assertRate(field, label, rule[field] as string | null);
  assertValue('iva', 'pMVAST', rule.iva);
}
