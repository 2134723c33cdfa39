import type { TaxValue } from '../decimal.js';
import type { Uf } from '../uf.js';

/** How a state computes the DIFAL owed to it (EC 87/2015, LC 190/2022). */
export type DifalMethod = 'simples' | 'dupla';
/** PIS/COFINS regime: cumulative (Lei 9.718/1998) or non-cumulative (Leis 10.637/2002 and 10.833/2003). */
export type PisCofinsRegime = 'cumulativo' | 'nao-cumulativo';
/** How a state computes vICMSDeson: 'por-dentro' grosses the price up (Res. SEFAZ-RJ 13/2019 Anexo XVIII), 'simples' does not. */
export type ReliefFormula = 'por-dentro' | 'simples';

/** What differs by state (reference table uf_tax_rules), as the engine needs it. */
export interface UfRuleFacts {
  uf: Uf;
  /** Null when the rates table does not cover the date: the request must then carry pICMSUFDest/pFCPUFDest. */
  internalRate: TaxValue | null;
  fcpRate: TaxValue | null;
  /** Null when no rule of the state is in force on the date: the engine then needs `operacao.difal`. */
  difalMethod: DifalMethod | null;
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
  /**
   * The deferral the official table fixes for the code (%, the same for CBS, IBS-UF and IBS-Mun): the calculator's
   * tax treatment "Diferimento" (TRTR_EXPRESSAO_PERCENTUAL_DIFERIMENTO 1.00 = 100 %). Used when the item sends no gDif.
   */
  pDif?: TaxValue;
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
  /** Own ICMS base method (N13): 0 MVA and 3 valor da operação, 1 pauta (vPauta × qTrib), 2 preço tabelado (vPMC × qTrib). */
  modBC?: number;
  /** ST base method (N18): 0 preço tabelado/máximo sugerido, 1–3 listas, 4 MVA, 5 pauta, 6 valor da operação. */
  modBCST?: number;
  /** Pauta fiscal (PMPF) per taxable unit, R$. */
  vPauta?: TaxValue;
  /** Maximum/fixed consumer price per taxable unit, R$ (grupo K, vPMC). */
  vPMC?: TaxValue;
  /** Simples Nacional credit rate (CSOSN 101, 201, 900). */
  pCredSN?: TaxValue;
  /** ST retained before (CST 60, CSOSN 500) and the effective group for final consumers (NT 2016.002). */
  vBCSTRet?: TaxValue;
  pST?: TaxValue;
  vICMSSubstituto?: TaxValue;
  vBCFCPSTRet?: TaxValue;
  pFCPSTRet?: TaxValue;
  pRedBCEfet?: TaxValue;
  pICMSEfet?: TaxValue;
  /** Monophasic fuel ICMS (CST 02, 15, 53, 61; NT 2023.001): quantities and ad rem rates, R$ per unit. */
  qBCMono?: TaxValue;
  adRemICMS?: TaxValue;
  qBCMonoReten?: TaxValue;
  adRemICMSReten?: TaxValue;
  qBCMonoRet?: TaxValue;
  adRemICMSRet?: TaxValue;
  /**
   * N47/N48 of grupo ICMS15 (NT 2023.001): accepted only to be refused by name. Whether the reduction acts on
   * adRemICMS, adRemICMSReten or is already inside the rate sent is not settled by the texts read (decision 048).
   */
  pRedAdRem?: TaxValue;
  motRedAdRem?: TaxValue;
  /** N28b (NT 2023.004): 0 = vICMSDeson is not deducted from the NF-e total (vNF); absent or 1 = it is. */
  indDeduzDeson?: 0 | 1;
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
    /** PIS/COFINS regime; without it the CST and the rates tell (0.65/3 cumulative, 1.65/7.6 non-cumulative). */
    regimePisCofins?: PisCofinsRegime;
    cMunFG?: string;
  };
  item: {
    vProd: TaxValue;
    vFrete?: TaxValue;
    vSeg?: TaxValue;
    vOutro?: TaxValue;
    vDesc?: TaxValue;
    qCom?: TaxValue;
    vUnCom?: TaxValue;
    uCom?: string;
    qTrib?: TaxValue;
    vUnTrib?: TaxValue;
    uTrib?: string;
    ncm?: string;
    cest?: string;
    origem?: number;
    icms: NfeItemIcms;
    ipi?: { cst: string; cEnq?: string; pIPI?: TaxValue; qUnid?: TaxValue; vUnid?: TaxValue };
    pis?: { cst: string; pPIS?: TaxValue; qBCProd?: TaxValue; vAliqProd?: TaxValue };
    cofins?: { cst: string; pCOFINS?: TaxValue; qBCProd?: TaxValue; vAliqProd?: TaxValue };
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
  /** 2029–2032: the share of the ICMS rates still charged (ADCT art. 128), set by the year rules. */
  icmsShare?: number;
  /**
   * The IS group the item carries on this date when the caller settles it by year (one item through 2026–2033:
   * none before 2027, the IS table's from 2027): null, no IS group; absent, the request's own `item.is`.
   */
  isByYear?: NfeItemIs | null;
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
  'vICMSOp',
  'vCredICMSSN',
  'vBCSTRet',
  'vICMSSubstituto',
  'vICMSSTRet',
  'vBCFCPSTRet',
  'vFCPSTRet',
  'vBCEfet',
  'vICMSEfet',
  'vICMSMono',
  'vICMSMonoReten',
  'vICMSMonoOp',
  'vICMSMonoDif',
  'vICMSMonoRet',
  'vIS',
] as const;
export type NfeItemValueField = (typeof nfeItemValueFields)[number];

/**
 * The bases the engine taxed IPI, PIS and COFINS on, as their groups of the layout write them: a value (vBC of
 * IPITrib, PISAliq, PISOutr…) or a quantity with its value per unit (qUnid × vUnid, qBCProd × vAliqProd). A tax
 * the engine charged nothing on (no group, a CST without debit, the tax extinct in the year) has none.
 */
export interface FederalBases {
  ipi?: TaxBase<'qUnid', 'vUnid'>;
  pis?: TaxBase<'qBCProd', 'vAliqProd'>;
  cofins?: TaxBase<'qBCProd', 'vAliqProd'>;
}
/** Decimal strings, as the engine computed them (never a float: the writer prints them, money end to end). */
type TaxBase<Q extends string, V extends string> = { vBC: string } | ({ [k in Q]: string } & { [k in V]: string });

export type NfeItemResult = Record<NfeItemValueField, number> & {
  /** True when a rate used is an estimate (reference rates not yet fixed by law). */
  estimado: boolean;
  /** What IPI, PIS and COFINS were charged on (not printed in the answer of /tax/calculate). */
  bases?: FederalBases;
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
