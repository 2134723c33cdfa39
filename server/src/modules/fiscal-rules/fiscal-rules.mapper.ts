import type { TFiscalRule, TNamedRuleData, TProductRuleDetails, TProtocol, Uf } from '@app/contract';
import { adjustMva } from '@app/tax-engine';
import type { FiscalRuleVersionInsert, StoredProtocol } from '../../db/schema/index.js';
import type { RuleVersionView } from './fiscal-rules.repository.js';

/** NUMERIC values arrive as strings already; this only keeps the type honest. */
const dec = (v: string | null | undefined): string | null => v ?? null;

/**
 * Adjusted MVA for a 4 % or 12 % interstate entry into the rule's UF, using the rule's internal
 * ICMS rate. Null when the rule has no IVA or no internal rate to offset.
 */
export function computeAdjustedMva(iva: string | null, internalRate: string | null, interstateRate: 4 | 12) {
  if (iva == null || internalRate == null) return null;
  const intra = Number(internalRate);
  if (!(intra < 100)) return null;
  return adjustMva({ mva: iva, interstateRate, internalRate }).toFixed(2);
}

/** Rule fields of a version from the create/edit payload (everything the payload does not carry stays empty). */
export function toVersionFields(
  data: Omit<TNamedRuleData, 'description'> & { description?: string | null },
): Omit<FiscalRuleVersionInsert, 'id' | 'fiscalRuleId' | 'validFrom'> {
  return {
    description: data.description ?? null,
    ncm: data.ncm,
    cest: data.cest ?? null,
    uf: data.uf,
    codAnp: data.codANP,
    nri: data.nri,
    aliqPis: data.aliqPIS,
    pisCstEntrada: data.cstPisEntrada,
    pisCstSaida: data.cstPisSaida,
    aliqCofins: data.aliqCOFINS,
    cofinsCstEntrada: data.cstCofinsEntrada,
    cofinsCstSaida: data.cstCofinsSaida,
    ipiAliq: data.aliqIPI,
    ipiCodEnq: data.codENQ,
    ipiCstEntrada: data.cstIpiEntrada,
    ipiCstSaida: data.cstIpiSaida,
    ipiEx: data.ex,
    cbsCst: data.cbsCst,
    cbsCClassTrib: data.cbsCClassTrib,
    cbsAliq: data.aliqCBS,
    cbsReducao: data.redCBS,
    cfopEntrada: data.cfopEntrada,
    cfopSaida: data.cfopSaida,
    cstIcms: data.CSTICMS,
    cstCsosn: data.csosnicms,
    aliqIcms: data.aliqICMS,
    aliqIcmsSt: data.aliqICMSST,
    redBcIcms: data.redBCICMS,
    redBcIcmsSt: data.redBCICMSST,
    iva: data.iva,
    mvaAjustado4: computeAdjustedMva(data.iva, data.aliqICMS, 4),
    mvaAjustado12: computeAdjustedMva(data.iva, data.aliqICMS, 12),
    fcp: data.fcp,
    codBenef: data.CodBeneficio || null,
    antecipado: data.antecipado ?? false,
    pDifer: data.pDifer,
    desonerado: data.desonerado ?? false,
    isencao: data.isencao,
    picmsPdv: data.picmsPdv,
    simbPdv: data.simbPdv || null,
    ibsAliqUf: data.ibsAliqUF,
    ibsAliqMun: data.ibsAliqMun,
    ibsReducao: data.redIBS,
  };
}

const toProtocol = (p: StoredProtocol | null): TProtocol | null => (p ? { ...p } : null);

export function toFiscalRule(view: RuleVersionView): TFiscalRule {
  const { rule, version: v } = view;
  return {
    id: rule.id,
    description: rule.isNamed ? (v.description ?? rule.description) : null,
    isNamed: rule.isNamed,
    status: rule.status,
    versionId: v.id,
    validFrom: v.validFrom.toISOString(),
    validTo: v.validTo?.toISOString() ?? null,
    federalRule: {
      description: rule.isNamed ? (v.description ?? rule.description) : null,
      ncm: v.ncm,
      ncmDescription: view.ncmDescription,
      cest: v.cest,
      codANP: v.codAnp,
      piscofins: {
        nri: v.nri,
        aliqPIS: dec(v.aliqPis),
        pisCstEntrada: v.pisCstEntrada,
        pisCstSaida: v.pisCstSaida,
        aliqCOFINS: dec(v.aliqCofins),
        cofinsCstEntrada: v.cofinsCstEntrada,
        cofinsCstSaida: v.cofinsCstSaida,
      },
      ipi: {
        aliq: dec(v.ipiAliq),
        codEnq: v.ipiCodEnq,
        cstEntrada: v.ipiCstEntrada,
        cstSaida: v.ipiCstSaida,
        ex: v.ipiEx,
      },
      cbs: {
        cst: v.cbsCst,
        cstDescricao: view.cbsCstDescription,
        cClassTrib: v.cbsCClassTrib,
        cClassTribDescricao: view.cClassTribDescription,
        aliq: dec(v.cbsAliq),
        reducao: dec(v.cbsReducao),
        reducaoBaseCalculo: dec(v.cbsReducaoBaseCalculo),
      },
    },
    stateRule: {
      uf: v.uf as Uf,
      cfopEntrada: v.cfopEntrada,
      cfopSaida: v.cfopSaida,
      cstICMS: v.cstIcms,
      cstCSOSN: v.cstCsosn,
      aliqICMS: dec(v.aliqIcms),
      aliqICMSST: dec(v.aliqIcmsSt),
      redBCICMS: dec(v.redBcIcms),
      redBCICMSST: dec(v.redBcIcmsSt),
      iva: dec(v.iva),
      mvaAjustado4: dec(v.mvaAjustado4),
      mvaAjustado12: dec(v.mvaAjustado12),
      fcp: dec(v.fcp),
      codBenef: v.codBenef,
      antecipado: v.antecipado,
      pDifer: dec(v.pDifer),
      desonerado: v.desonerado,
      isencao: dec(v.isencao),
      picmspdv: dec(v.picmsPdv),
      simbPDV: v.simbPdv,
      ibs: {
        aliqUF: dec(v.ibsAliqUf),
        aliqMun: dec(v.ibsAliqMun),
        reducao: dec(v.ibsReducao),
        reducaoBaseCalculo: dec(v.ibsReducaoBaseCalculo),
      },
      icmsPdv: {
        cstCsosn: v.icmsPdvCstCsosn,
        aliquota: dec(v.icmsPdvAliquota),
        fcp: dec(v.icmsPdvFcp),
        reducaoBC: dec(v.icmsPdvReducaoBc),
        aliquotaEfetiva: dec(v.icmsPdvAliquotaEfetiva),
      },
    },
    protocol: toProtocol(v.protocol),
    agreement: toProtocol(v.agreement),
  };
}

/** The "Product details" shape of spec 02 §3, built from one rule version. */
export function toProductRuleDetails(
  view: RuleVersionView,
  product: { id: string; description: string } | null,
  dates: string[],
): TProductRuleDetails {
  const rule = toFiscalRule(view);
  const v = view.version;
  const { name: protName, ...protocolRest } = v.protocol ?? { name: '' };
  const { name: convName, ...agreementRest } = v.agreement ?? { name: '' };
  const isencao = v.isencao ? Number(v.isencao) : 0;
  return {
    productId: product?.id ?? null,
    productDescription: product?.description ?? null,
    fiscalRuleId: rule.id,
    federalRulesGroup: {
      ncm: v.ncm,
      cest: v.cest,
      codANP: v.codAnp,
      pmc: dec(v.pmc),
      ncmDescription: view.ncmDescription,
      importTax: dec(v.importTax),
      piscofins: {
        cstEntrada: v.pisCstEntrada,
        cstSaida: v.pisCstSaida,
        aliqPIS: dec(v.aliqPis),
        aliqCOFINS: dec(v.aliqCofins),
        redPIS: dec(v.redPis),
        redCOFINS: dec(v.redCofins),
        nri: v.nri,
        ampLegal: v.piscofinsAmpLegal,
      },
      ipi: {
        cstEntrada: v.ipiCstEntrada,
        cstSaida: v.ipiCstSaida,
        aliq: dec(v.ipiAliq),
        codEnq: v.ipiCodEnq,
        ex: v.ipiEx,
      },
      cbs: rule.federalRule.cbs,
    },
    stateRulesGroup: {
      uf: rule.stateRule.uf,
      cfop: v.cfopSaida,
      cfopEntrada: v.cfopEntrada,
      cst: v.cstIcms,
      csosn: v.cstCsosn,
      codBenef: v.codBenef,
      aliqICMSInterna: dec(v.aliqIcms),
      aliqICMSInterestadual: v.protocol?.aliqIcmsInterestadual ?? v.agreement?.aliqIcmsInterestadual ?? null,
      aliqICMSST: dec(v.aliqIcmsSt),
      redBCICMS: dec(v.redBcIcms),
      redBCICMSST: dec(v.redBcIcmsSt),
      redBCICMSInterestadual: v.protocol?.redBcInterestadual ?? v.agreement?.redBcInterestadual ?? null,
      iva: dec(v.iva),
      ivaaJust: dec(v.mvaAjustado12),
      mvaAjustado4: dec(v.mvaAjustado4),
      mvaAjustado12: dec(v.mvaAjustado12),
      fcp: dec(v.fcp),
      pDifer: dec(v.pDifer),
      antecipado: v.antecipado,
      desonerado: v.desonerado,
      exempted: isencao > 0 || ['30', '40', '41'].includes(v.cstIcms ?? ''),
      exemption: dec(v.isencao),
      tpCalcDifal: v.tpCalcDifal,
      ampLegal: v.icmsAmpLegal,
      picmspdv: dec(v.picmsPdv),
      simbPDV: v.simbPdv,
      ibs: rule.stateRule.ibs,
      icmsPdv: rule.stateRule.icmsPdv,
      protocol: v.protocol ? { protName, ...(protocolRest as Omit<StoredProtocol, 'name'>) } : null,
      agreement: v.agreement ? { convName, ...(agreementRest as Omit<StoredProtocol, 'name'>) } : null,
    },
    validityIn: rule.validFrom,
    dates,
    rule,
  };
}
