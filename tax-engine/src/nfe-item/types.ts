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
    ibscbs?: { cst: string; cClassTrib?: string };
  };
}

/** Facts the server looks up before calling the pure engine. */
export interface NfeItemContext {
  origin?: UfRuleFacts;
  destination?: UfRuleFacts;
  classTrib?: ClassTribFacts;
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
] as const;
export type NfeItemValueField = (typeof nfeItemValueFields)[number];

export type NfeItemResult = Record<NfeItemValueField, number> & { memoria: MemoriaStep[] };
