/**
 * CFOP and CST/CSOSN of an operation, chosen from the operation profile (spec 02 §3 operations
 * query). Codes: SINIEF CFOP table (shared/data/cfop.csv) and NF-e CST/CSOSN tables (cst.csv).
 */

export type OperationKind = 'venda' | 'compra';

const stCsts = new Set(['10', '30', '60', '70']);
const stCsosns = new Set(['201', '202', '203', '500']);

/** True when a rule's CST ICMS or CSOSN puts the goods under ICMS-ST. */
export function isStSituation(cst: string | null | undefined, csosn: string | null | undefined): boolean {
  return (cst != null && stCsts.has(cst.slice(-2))) || (csosn != null && stCsosns.has(csosn));
}

export interface CfopProfile {
  kind: OperationKind;
  /** Origin and destination in different UFs. */
  interstate: boolean;
  /** ICMS-ST applies to this operation. */
  hasSt: boolean;
  /** The issuer retains the ST (substICMS 'S'); otherwise it is the substituted party. */
  issuerIsSubstitute: boolean;
  /** caracTrib 0 Industrial: the company sells goods it manufactures. */
  ownProduction: boolean;
  /** caracTrib 7/8: the buyer is not an ICMS contributor. */
  nonContributor: boolean;
  /** 0 Revenda, 1 Insumo, 2 Uso e Consumo ou Ativo Imobilizado. */
  finality: 0 | 1 | 2;
}

/**
 * Sales: 5101/6101 own production (5401/6401 when retaining ST, 6107 to a non-contributor in
 * another UF); 5102/6102 resale (5403/6403 when retaining ST as substitute, 5405/6404 when the ST
 * was retained before, 6108 to a non-contributor in another UF).
 * Purchases: 1102/2102 for resale (1403/2403 with ST), 1101/2101 for industrialisation
 * (1401/2401 with ST), 1556/2556 for use and consumption (1407/2407 with ST).
 */
export function selectCfop(p: CfopProfile): string {
  if (p.kind === 'compra') {
    const d = p.interstate ? '2' : '1';
    if (p.finality === 2) return d + (p.hasSt ? '407' : '556');
    if (p.finality === 1) return d + (p.hasSt ? '401' : '101');
    return d + (p.hasSt ? '403' : '102');
  }
  const d = p.interstate ? '6' : '5';
  if (p.ownProduction) {
    if (p.hasSt && p.issuerIsSubstitute) return `${d}401`;
    if (p.interstate && p.nonContributor) return '6107';
    return `${d}101`;
  }
  if (p.hasSt) {
    if (p.issuerIsSubstitute) return `${d}403`;
    return p.interstate ? '6404' : '5405';
  }
  if (p.interstate && p.nonContributor) return '6108';
  return `${d}102`;
}

export interface IcmsSituationInput {
  /** The document's issuer is in Simples Nacional (simplesN 'S'): CSOSN instead of CST. */
  simplesNacional: boolean;
  hasSt: boolean;
  issuerIsSubstitute: boolean;
  /** The rule's CST ICMS and CSOSN for the UF (may be empty). */
  ruleCst: string | null;
  ruleCsosn: string | null;
  /** The rule reduces the ICMS base (redBCICMS > 0). */
  hasBaseReduction: boolean;
  /** The operation is exempt or not taxed (rule CST 40/41 or full exemption). */
  exempt: boolean;
  /** The buyer may take ICMS credit (a contributor buying for resale or industrialisation). */
  creditAllowed: boolean;
}

const nonStTaxedCsts = new Set(['00', '20', '40', '41', '50', '51', '90']);
const simplesExemptCsosns = new Set(['103', '300', '400']);

/** CST ICMS (regime normal) or CSOSN (Simples Nacional) for the operation; the other one is null. */
export function selectIcmsSituation(i: IcmsSituationInput): { cst: string | null; csosn: string | null } {
  const ruleCst = i.ruleCst ? i.ruleCst.slice(-2) : null;
  if (i.simplesNacional) {
    if (i.hasSt && i.issuerIsSubstitute)
      return { cst: null, csosn: i.exempt ? '203' : i.creditAllowed ? '201' : '202' };
    if (i.hasSt) return { cst: null, csosn: '500' };
    if (i.exempt)
      return { cst: null, csosn: i.ruleCsosn && simplesExemptCsosns.has(i.ruleCsosn) ? i.ruleCsosn : '400' };
    return { cst: null, csosn: i.creditAllowed ? '101' : '102' };
  }
  if (i.hasSt && i.issuerIsSubstitute) {
    if (ruleCst === '10' || ruleCst === '30' || ruleCst === '70') return { cst: ruleCst, csosn: null };
    return { cst: i.exempt ? '30' : i.hasBaseReduction ? '70' : '10', csosn: null };
  }
  if (i.hasSt) return { cst: '60', csosn: null };
  if (ruleCst && nonStTaxedCsts.has(ruleCst)) return { cst: ruleCst, csosn: null };
  return { cst: i.exempt ? '40' : i.hasBaseReduction ? '20' : '00', csosn: null };
}

/** Names of the CFOPs selectCfop answers (SINIEF table, shared/data/cfop.csv). */
export const cfopNames: Record<string, string> = {
  '1101': 'Compra para industrialização',
  '1102': 'Compra para comercialização',
  '1401': 'Compra para industrialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '1403': 'Compra para comercialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '1407': 'Compra de mercadoria para uso ou consumo cuja mercadoria está sujeita ao regime de substituição tributária',
  '1556': 'Compra de material para uso ou consumo',
  '2101': 'Compra para industrialização',
  '2102': 'Compra para comercialização',
  '2401': 'Compra para industrialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '2403': 'Compra para comercialização em operação com mercadoria sujeita ao regime de substituição tributária',
  '2407': 'Compra de mercadoria para uso ou consumo cuja mercadoria está sujeita ao regime de substituição tributária',
  '2556': 'Compra de material para uso ou consumo',
  '5101': 'Venda de produção do estabelecimento',
  '5102': 'Venda de mercadoria adquirida ou recebida de terceiros',
  '5401':
    'Venda de produção do estabelecimento em operação com produto sujeito ao regime de substituição tributária, na condição de contribuinte substituto',
  '5403':
    'Venda de mercadoria, adquirida ou recebida de terceiros, sujeita ao regime de substituição tributária, na condição de contribuinte-substituto',
  '5405':
    'Venda de mercadoria, adquirida ou recebida de terceiros, sujeita ao regime de substituição tributária, na condição de contribuinte-substituído',
  '6101': 'Venda de produção do estabelecimento',
  '6102': 'Venda de mercadoria adquirida ou recebida de terceiros',
  '6107': 'Venda de produção do estabelecimento, destinada a não contribuinte',
  '6108': 'Venda de mercadoria adquirida ou recebida de terceiros, destinada a não contribuinte',
  '6401':
    'Venda de produção do estabelecimento em operação com produto sujeito ao regime de substituição tributária, na condição de contribuinte substituto',
  '6403':
    'Venda de mercadoria adquirida ou recebida de terceiros em operação com mercadoria sujeita ao regime de substituição tributária, na condição de contribuinte substituto',
  '6404':
    'Venda de mercadoria sujeita ao regime de substituição tributária, cujo imposto já tenha sido retido anteriormente',
};
