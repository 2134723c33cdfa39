import type { NfeItemInput, NfeItemResult } from '../nfe-item/types.js';

/** A whole NF-e: one operation (sender, recipient, date) and its items, each as `calculateNfeItem` takes it. */
export interface NfeInput {
  operacao: NfeItemInput['operacao'];
  itens: NfeItemInput['item'][];
}

/** total/ICMSTot (W02) of the NF-e layout 4.00, the figures this engine fills. */
export const icmsTotFields = [
  'vBC',
  'vICMS',
  'vICMSDeson',
  'vFCP',
  'vBCST',
  'vST',
  'vFCPST',
  'vFCPSTRet',
  'vProd',
  'vFrete',
  'vSeg',
  'vDesc',
  'vII',
  'vIPI',
  'vIPIDevol',
  'vPIS',
  'vCOFINS',
  'vOutro',
  'vNF',
  'vFCPUFDest',
  'vICMSUFDest',
] as const;
export type IcmsTotField = (typeof icmsTotFields)[number];

/** total/IBSCBSTot (W34) of NT 2025.002-RTC. */
export interface IbsCbsTot {
  vBCIBSCBS: number;
  gIBS: { vIBS: number; gIBSUF: { vIBSUF: number }; gIBSMun: { vIBSMun: number } };
  gCBS: { vCBS: number };
}

export interface NfeTotal {
  ICMSTot: Record<IcmsTotField, number>;
  IBSCBSTot: IbsCbsTot;
}

export interface NfeResult {
  itens: NfeItemResult[];
  total: NfeTotal;
}
