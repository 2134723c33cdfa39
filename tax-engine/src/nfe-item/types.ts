import type { TaxValue } from '../decimal.js';
import type { Uf } from '../uf.js';

/** How a state computes the DIFAL owed to it (EC 87/2015, LC 190/2022). */
export type DifalMethod = 'simples' | 'dupla';
/** How a state computes vICMSDeson: 'por-dentro' grosses the price up (Res. SEFAZ-RJ 13/2019 Anexo XVIII), 'simples' does not. */
export type ReliefFormula = 'por-dentro' | 'simples';

/** What differs by state (reference table uf_tax_rules), as the engine needs it. */
export interface UfRuleFacts {
  uf: Uf;
  internalRate: TaxValue;
  fcpRate: TaxValue;
  difalMethod: DifalMethod;
  /** Base dupla: the FCP rate is part of the gross-up divisor (1 − (internal + FCP)). */
  difalFcpInGrossUp: boolean;
  reliefFormula: ReliefFormula;
  cbenefRequired: boolean;
  /** Legal source and validity of the row, quoted in the memoria. */
  source: string;
  validFrom: string;
  validTo: string | null;
}

/** A cClassTrib row of the official table, as the engine needs it. */
export interface ClassTribFacts {
  code: string;
  cst: string;
  pRedIBS: TaxValue;
  pRedCBS: TaxValue;
  legalBasis: string;
  /** The calculator's reductions per tax when they differ (pRedIBS otherwise). */
  pRedIBSUF?: TaxValue;
  pRedIBSMun?: TaxValue;
  /** Group indicators of the official table (gRed, gDif, gIBSCBSMono, gCredPresOper, redutor…). */
  flags?: Partial<Record<string, boolean>>;
  /** Fixed or sector-uniform rates of this code on the date (010001, 010002, 22xxxx), replacing the reference rate. */
  specificRates?: Partial<Record<CbsIbsTax, TaxValue>>;
}

export type CbsIbsTax = 'CBS' | 'IBSUF' | 'IBSMun';

/** A reference rate on the date, from the dated table (ref_cbs_ibs_rates): an estimate until a law fixes it. */
export interface CbsIbsRateFact {
  rate: TaxValue;
  estimado: boolean;
  source: string;
}

/** Imposto Seletivo rates of the item's NCM on the date (ad valorem %, ad rem per unit). */
export interface IsRateFacts {
  pIS?: TaxValue;
  pISEspec?: TaxValue;
  uTrib?: string;
}

/** The IBS/CBS group of the request (NT 2025.002, grupo UB). */
export interface NfeItemIbsCbs {
  cst: string;
  cClassTrib?: string;
  gDif?: { pDifCBS?: TaxValue; pDifIBSUF?: TaxValue; pDifIBSMun?: TaxValue };
  gDevTrib?: { vDevTribCBS?: TaxValue; vDevTribIBSUF?: TaxValue; vDevTribIBSMun?: TaxValue };
  gTribRegular?: { CSTReg: string; cClassTribReg: string };
  gCredPres?: { cCredPres: string; pCredPresIBS?: TaxValue; pCredPresCBS?: TaxValue; condicaoSuspensiva?: boolean };
  gTribCompraGov?: { tpEnteGov: number; pRedutor: TaxValue };
  qBCMono?: TaxValue;
}

/** The Imposto Seletivo group of the request (NT 2025.002, grupo UB01). */
export interface NfeItemIs {
  CSTIS: string;
  cClassTribIS: string;
  pIS?: TaxValue;
  pISEspec?: TaxValue;
  uTrib?: string;
  qTrib?: TaxValue;
}

export interface NfeItemIcms {
  cst?: string;
  csosn?: string;
  pICMS?: TaxValue;
  pRedBC?: TaxValue;
  pMVAST?: TaxValue;
  ajustarMva?: boolean;
  pRedBCST?: TaxValue;
  pICMSST?: TaxValue;
  pFCP?: TaxValue;
  pFCPST?: TaxValue;
  pICMSUFDest?: TaxValue;
  pFCPUFDest?: TaxValue;
  motDesICMS?: string;
  pDif?: TaxValue;
  cBenef?: string;
}

export interface NfeItemInput {
  operacao: {
    ufOrigem: Uf;
    ufDestino: Uf;
    consumidorFinal: boolean;
    contribuinte: boolean;
    crt?: number;
    ano?: number;
    data?: string;
    difal?: DifalMethod;
    cMunFG?: string;
  };
  item: {
    vProd: TaxValue;
    vFrete?: TaxValue;
    vSeg?: TaxValue;
    vOutro?: TaxValue;
    vDesc?: TaxValue;
    ncm?: string;
    cest?: string;
    origem?: number;
    icms: NfeItemIcms;
    ipi?: { cst: string; pIPI?: TaxValue };
    pis?: { cst: string; pPIS?: TaxValue };
    cofins?: { cst: string; pCOFINS?: TaxValue };
    ibscbs?: NfeItemIbsCbs;
    /** Product with incentivised industrialisation in the Zona Franca de Manaus: keeps IPI after 2027 (ADCT art. 126, III, "a"). */
    zfm?: boolean;
    vII?: TaxValue;
    vServ?: TaxValue;
    vISSQN?: TaxValue;
    vICMSMono?: TaxValue;
    is?: NfeItemIs;
  };
}

/** Facts the server looks up before calling the pure engine. */
export interface NfeItemContext {
  origin?: UfRuleFacts;
  destination?: UfRuleFacts;
  classTrib?: ClassTribFacts;
  /** CBS/IBS reference rates in force on the date (built-in 2026–2033 table when absent). */
  cbsIbsRates?: Record<CbsIbsTax, CbsIbsRateFact>;
  /** The cClassTrib of the regular regime (gTribRegular). */
  classTribReg?: ClassTribFacts;
  isRates?: IsRateFacts;
  /** Ad rem CBS/IBS of a monophasic fuel per unit (adRemIBS of the NF-e = IBS-UF + IBS-Mun). */
  monoRates?: { adRemCBS: TaxValue; adRemIBSUF: TaxValue; adRemIBSMun: TaxValue; unit: string };
}

/** One step of the calculation memory: formula in words, values used, result, legal basis. */
export interface MemoriaStep {
  passo: number;
  campo: string;
  descricao: string;
  formula: string;
  valores: Record<string, string>;
  resultado: string;
  baseLegal: string;
}

export const nfeItemValueFields = [
  'vBC',
  'vICMS',
  'vBCST',
  'pMVAST',
  'vICMSST',
  'vBCFCPST',
  'vFCPST',
  'vFCP',
  'vIPI',
  'vPIS',
  'vCOFINS',
  'vICMSDeson',
  'vICMSDif',
  'vBCUFDest',
  'vICMSUFDest',
  'vFCPUFDest',
  'vBCIBSCBS',
  'pCBS',
  'vCBS',
  'pIBSUF',
  'vIBSUF',
  'pIBSMun',
  'vIBSMun',
  'vIS',
] as const;
export type NfeItemValueField = (typeof nfeItemValueFields)[number];

export type NfeItemResult = Record<NfeItemValueField, number> & {
  /** True when a rate used is an estimate (reference rates not yet fixed by law). */
  estimado: boolean;
  gIBSCBS?: GIbsCbs;
  gIBSCBSMono?: GIbsCbsMono;
  IS?: GIs;
  memoria: MemoriaStep[];
};

/** One tax of gIBSCBS (gIBSUF, gIBSMun, gCBS): nominal rate, optional subgroups, value. */
export interface GIbsCbsTax {
  p: number;
  gDif?: { pDif: number; vDif: number };
  gDevTrib?: { vDevTrib: number };
  gRed?: { pRedAliq: number; pAliqEfet: number };
  v: number;
}

export interface GIbsCbs {
  vBC: number;
  gIBSUF: {
    pIBSUF: number;
    gDif?: GIbsCbsTax['gDif'];
    gDevTrib?: GIbsCbsTax['gDevTrib'];
    gRed?: GIbsCbsTax['gRed'];
    vIBSUF: number;
  };
  gIBSMun: {
    pIBSMun: number;
    gDif?: GIbsCbsTax['gDif'];
    gDevTrib?: GIbsCbsTax['gDevTrib'];
    gRed?: GIbsCbsTax['gRed'];
    vIBSMun: number;
  };
  vIBS: number;
  gCBS: {
    pCBS: number;
    gDif?: GIbsCbsTax['gDif'];
    gDevTrib?: GIbsCbsTax['gDevTrib'];
    gRed?: GIbsCbsTax['gRed'];
    vCBS: number;
  };
  gTribRegular?: {
    CSTReg: string;
    cClassTribReg: string;
    pAliqEfetRegIBSUF: number;
    vTribRegIBSUF: number;
    pAliqEfetRegIBSMun: number;
    vTribRegIBSMun: number;
    pAliqEfetRegCBS: number;
    vTribRegCBS: number;
  };
  gIBSCredPres?: { cCredPres: string; pCredPres: number; vCredPres: number; vCredPresCondSus: number };
  gCBSCredPres?: { cCredPres: string; pCredPres: number; vCredPres: number; vCredPresCondSus: number };
  gTribCompraGov?: {
    pAliqIBSUF: number;
    vTribIBSUF: number;
    pAliqIBSMun: number;
    vTribIBSMun: number;
    pAliqCBS: number;
    vTribCBS: number;
  };
}

export interface GIbsCbsMono {
  qBCMono: number;
  adRemIBS: number;
  adRemCBS: number;
  vIBSMono: number;
  vCBSMono: number;
}

export interface GIs {
  CSTIS: string;
  cClassTribIS: string;
  vBCIS: number;
  pIS: number;
  pISEspec: number;
  uTrib: string;
  qTrib: number;
  vIS: number;
}
