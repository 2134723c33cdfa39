import {
  nonContributorCaracTribs,
  type TOperation,
  type TOperationsQuery,
  todayInBrazil,
  type Uf,
} from '@app/contract';
import {
  adjustMva,
  applyRateReduction,
  cbsIbsRates2026,
  cfopNames,
  chooseStMva,
  findInterstateRate,
  findStAgreement,
  icmsUfTable,
  isStSituation,
  type StAgreementRow,
  selectCfop,
  selectIcmsSituation,
  toDecimal,
} from '@app/tax-engine';
import type { AgreementFacts, RuleFacts } from './operation-rule.js';

export type { AgreementFacts, RuleFacts } from './operation-rule.js';

export interface OperationInput {
  /** The rule the product is classified by (the company's UF): federal part and own state part. */
  productRule: RuleFacts;
  /** State parts of the same NCM/CEST for the origin and destination UFs, when they exist. */
  originRule: RuleFacts | null;
  destinationRule: RuleFacts | null;
  descriptions: { ncm: string | null; cbsCst: string | null; cClassTrib: string | null };
  companyUf: Uf;
  query: Pick<TOperationsQuery, 'uf' | 'cfop' | 'caracTrib' | 'finality' | 'simplesN' | 'substICMS'>;
  /**
   * Interstate ICMS-ST agreements (st_agreements) the caller loaded — any superset of the pair's rows in force on
   * `date`; absent: no data, and the rule's own protocol/agreement fields decide as before (decision 065).
   */
  stAgreements?: readonly StAgreementRow[];
  /** The operation's date (ISO), for the agreements' validity; absent: today (UTC). */
  date?: string;
}

/** Decimal string → number (4 places, the precision rules are stored with); empty → null. */
const rate = (v: string | null | undefined): number | null =>
  v == null || v === '' ? null : toDecimal(v).toDecimalPlaces(4).toNumber();

const toAgreement = (a: AgreementFacts | null) =>
  a && {
    description: a.description,
    exempted: a.exempted,
    subsTrib: a.subsTrib,
    respTrib: a.respTrib,
    aliqIcmsInterestadual: rate(a.aliqIcmsInterestadual),
    redBcInterestadual: rate(a.redBcInterestadual),
    aliqEfetiva: rate(a.aliqEfetiva),
    iva: rate(a.iva),
    validityIn: a.validityIn,
    endOfValidityIn: a.endOfValidityIn,
  };

/**
 * One operation of the operations query: the tax engine applied to the product's rule and the
 * chosen profile. A sale goes from the company's UF to the UF asked; a purchase comes from it.
 * Decisions the spec leaves open are written next to the code that takes them.
 */
export function buildOperation(input: OperationInput): TOperation {
  const { productRule: rule, query, companyUf } = input;
  const isSale = query.cfop === 'venda';
  const origin: Uf = isSale ? companyUf : query.uf;
  const destination: Uf = isSale ? query.uf : companyUf;
  const interstateRate = findInterstateRate(origin, destination);
  const interstate = interstateRate !== null;
  const issuerRule = input.originRule ?? (interstate ? null : rule);
  const destRule = input.destinationRule ?? (interstate ? null : rule);
  const stateRule = destRule ?? issuerRule ?? rule;
  const caracTrib = query.caracTrib[0] ?? 3;
  // caracTrib 7/8 describe a buyer outside the ICMS chain; in a purchase the company is the buyer.
  const nonContributor = isSale && nonContributorCaracTribs.includes(caracTrib);
  const issuerIsSubstitute = query.substICMS === 'S';
  const agreement = destRule?.agreement ?? issuerRule?.agreement ?? null;
  const protocol = destRule?.protocol ?? issuerRule?.protocol ?? null;

  // Between states ST needs an agreement of the two UFs (Convênio ICMS 142/2018, cláusula segunda): the dated data
  // decides when it has the pair and the CEST's segment; without it, the rule's own protocol/agreement fields do.
  const acordoSt = interstate
    ? findStAgreement(input.stAgreements ?? [], {
        ufOrigem: origin,
        ufDestino: destination,
        cest: stateRule.cest ?? rule.cest,
        // Validity dates are Brasília calendar days: from 21:00 the UTC date is already tomorrow's.
        date: input.date ?? todayInBrazil(),
      })
    : undefined;
  const pairHasSt =
    acordoSt?.situacao === 'com-acordo'
      ? true
      : acordoSt?.situacao === 'sem-acordo'
        ? false
        : Boolean(protocol?.subsTrib || agreement?.subsTrib);

  const internalRateDest = rate(destRule?.aliqIcms) ?? icmsUfTable[destination].internalRate;
  const internalRateOrigin = rate(issuerRule?.aliqIcms) ?? icmsUfTable[origin].internalRate;
  const stInDestination = isStSituation(stateRule.cstIcms, stateRule.cstCsosn);
  // Between states ST needs an agreement that assigns it (pairHasSt); goods for industrialisation and
  // sales to non-contributors leave the ST chain. Inside the state a substitute does not retain
  // on the last sale (consumer, use and consumption, industrialisation).
  const hasSt = interstate
    ? stInDestination && pairHasSt && !nonContributor && query.finality !== 1
    : stInDestination && (!issuerIsSubstitute || (!nonContributor && query.finality === 0));

  // The rule's IVA wins; without one, the MVA original of the agreement in force (Conv. ICMS 142/2018, cl. 11ª).
  const iva = chooseStMva(rate(stateRule.iva) ?? rate(agreement?.iva ?? protocol?.iva), acordoSt ?? null).original;
  const ivaAjustado =
    iva !== null && interstateRate !== null
      ? adjustMva({ mva: iva, interstateRate, internalRate: internalRateDest })
      : iva;
  const fcpDest = rate(destRule?.fcp) ?? icmsUfTable[destination].fcp;
  const exemptionRate = rate(issuerRule?.isencao) ?? 0;
  const exempt = !interstate && (exemptionRate >= 100 || ['40', '41'].includes((issuerRule?.cstIcms ?? '').slice(-2)));

  const situation = selectIcmsSituation({
    simplesNacional: query.simplesN === 'S',
    hasSt,
    issuerIsSubstitute,
    ruleCst: issuerRule?.cstIcms ?? stateRule.cstIcms,
    ruleCsosn: issuerRule?.cstCsosn ?? stateRule.cstCsosn,
    hasBaseReduction: (rate(issuerRule?.redBcIcms) ?? 0) > 0,
    exempt,
    creditAllowed: !nonContributor && query.finality !== 2,
  });
  const cfop = selectCfop({
    kind: query.cfop,
    interstate,
    hasSt,
    issuerIsSubstitute,
    ownProduction: caracTrib === 0,
    nonContributor,
    finality: query.finality,
  });

  // DIFAL: interstate sale to a non-contributor (EC 87/2015), or the company buying for use and
  // consumption from another UF. The destination's rule says single or double base; absent, single.
  const difalDue = interstate && (nonContributor || (!isSale && query.finality === 2));
  const difalType = difalDue ? ((destRule?.tpCalcDifal || 1) as 1 | 2) : 0;

  const cbsAliq = rate(rule.cbsAliq) ?? cbsIbsRates2026.cbs;
  const ibsUf = rate(stateRule.ibsAliqUf) ?? cbsIbsRates2026.ibsUf;
  const ibsMun = rate(stateRule.ibsAliqMun) ?? cbsIbsRates2026.ibsMun;
  const pRedCBS = rate(rule.cbsReducao);
  const pRedIBS = rate(stateRule.ibsReducao) ?? pRedCBS;

  return {
    cfop,
    uf: query.uf,
    description: cfopNames[cfop] ?? '',
    kind: query.cfop,
    ufOrigem: origin,
    ufDestino: destination,
    interestadual: interstate,
    federal: {
      ncm: rule.ncm,
      ncmDescription: input.descriptions.ncm,
      cest: rule.cest,
      codANP: rule.codAnp,
      pmc: rate(rule.pmc),
      importTax: rate(rule.importTax),
    },
    import: {
      importTax: rate(rule.importTax),
      aliqICMSInterestadualImportado: interstate ? 4 : null,
      ivaAjustado4:
        iva !== null && interstate ? adjustMva({ mva: iva, interstateRate: 4, internalRate: internalRateDest }) : null,
    },
    piscofins: {
      cstPIS: isSale ? rule.pisCstSaida : rule.pisCstEntrada,
      cstCOFINS: isSale ? rule.cofinsCstSaida : rule.cofinsCstEntrada,
      aliqPIS: rate(rule.aliqPis),
      aliqCOFINS: rate(rule.aliqCofins),
      redPIS: rate(rule.redPis),
      redCOFINS: rate(rule.redCofins),
      nri: rule.nri,
      ampLegal: rule.piscofinsAmpLegal,
    },
    ipi: {
      cst: isSale ? rule.ipiCstSaida : rule.ipiCstEntrada,
      aliq: rate(rule.ipiAliq),
      codEnq: rule.ipiCodEnq,
      ex: rule.ipiEx,
    },
    icms: {
      cst: situation.cst,
      csosn: situation.csosn,
      codBenef: issuerRule?.codBenef ?? null,
      aliqICMSInterna: internalRateDest,
      aliqICMSInterestadual: interstateRate,
      aliqICMSOperacao: interstateRate ?? internalRateOrigin,
      redBCICMS: interstate ? null : rate(issuerRule?.redBcIcms),
      redBCICMSInterestadual: interstate ? rate(agreement?.redBcInterestadual ?? protocol?.redBcInterestadual) : null,
      substituicaoTributaria: hasSt,
      aliqICMSST: hasSt ? (rate(destRule?.aliqIcmsSt) ?? internalRateDest) : null,
      redBCICMSST: hasSt ? rate(destRule?.redBcIcmsSt) : null,
      iva: hasSt ? iva : null,
      ivaAjustado: hasSt ? ivaAjustado : null,
      fcp: fcpDest || null,
      fcpST: hasSt && fcpDest ? fcpDest : null,
      pDifer: interstate ? null : rate(issuerRule?.pDifer),
      antecipado: stateRule.antecipado,
      desonerado: stateRule.desonerado,
      exempted: exempt,
      exemption: interstate ? null : rate(issuerRule?.isencao),
      ampLegal: stateRule.icmsAmpLegal,
      ...(acordoSt ? { acordoSt } : {}),
      difal: {
        tipo: difalType,
        aliqInterna: difalType ? internalRateDest : null,
        aliqInterestadual: difalType ? interstateRate : null,
        aliqDiferencial:
          difalType && interstateRate !== null
            ? Math.max(0, toDecimal(internalRateDest).minus(interstateRate).toNumber())
            : null,
        fcp: difalType && fcpDest ? fcpDest : null,
      },
    },
    cbsIbs: {
      cst: rule.cbsCst,
      cstDescricao: input.descriptions.cbsCst,
      cClassTrib: rule.cbsCClassTrib,
      cClassTribDescricao: input.descriptions.cClassTrib,
      aliqCBS: cbsAliq,
      pRedCBS,
      aliqCBSEfetiva: applyRateReduction(cbsAliq, pRedCBS),
      aliqIBSUF: ibsUf,
      aliqIBSMun: ibsMun,
      pRedIBS,
      aliqIBSUFEfetiva: applyRateReduction(ibsUf, pRedIBS),
      aliqIBSMunEfetiva: applyRateReduction(ibsMun, pRedIBS),
    },
    protocol: protocol?.name ? { protName: protocol.name, ...toAgreement(protocol)! } : null,
    agreement: agreement?.name ? { convName: agreement.name, ...toAgreement(agreement)! } : null,
  };
}
