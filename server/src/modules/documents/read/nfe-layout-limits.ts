import type { DocumentLimits } from '../../../config.js';

/**
 * The longest text the NF-e layout allows in a tag (MOC 4.00, Anexo I, column "Tamanho"; NT 2016.002 for infCpl
 * 5,000), for the tags that carry free text or codes. A document whose tag passes its size is one SEFAZ would have
 * refused by schema (rejection 225): it is refused here too, with the field named. Tags not listed (values,
 * signature, groups a later note adds) are bounded by `maxTextChars` only, generously.
 */
export const NFE_TAG_MAX_CHARS: Readonly<Record<string, number>> = {
  // Free texts.
  xProd: 120,
  infAdProd: 500,
  infCpl: 5000,
  infAdFisco: 2000,
  xTexto: 60,
  xCampo: 20,
  natOp: 60,
  xNome: 60,
  xFant: 60,
  xLgr: 60,
  nro: 60,
  xCpl: 60,
  xBairro: 60,
  xMun: 60,
  xPais: 60,
  xEnder: 60,
  xContato: 60,
  email: 60,
  xPag: 60,
  xJust: 256,
  xMotivo: 255,
  verProc: 20,
  verAplic: 20,
  qrCode: 600,
  urlChave: 85,
  // Codes.
  cProd: 60,
  cEAN: 14,
  cEANTrib: 14,
  cBarra: 30,
  cBarraTrib: 30,
  NCM: 8,
  CEST: 7,
  CFOP: 4,
  uCom: 6,
  uTrib: 6,
  xPed: 15,
  nItemPed: 6,
  nFCI: 36,
  cBenef: 10,
  EXTIPI: 3,
  CNPJ: 14,
  CPF: 11,
  idEstrangeiro: 20,
  IE: 14,
  IEST: 14,
  IM: 15,
  UF: 2,
  chNFe: 44,
  refNFe: 44,
  nProt: 15,
};

/**
 * What the readers are told of the limits (config.ts `documents`); the defaults are the configuration's. They reach
 * the reading thread in its workerData (read-in-thread.ts): the thread reads no configuration of its own.
 */
export type ReadLimits = Pick<
  DocumentLimits,
  'maxTextChars' | 'maxItems' | 'maxZipEntryBytes' | 'maxZipEntries' | 'auditRules'
>;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxTextChars: 64 * 1024,
  maxItems: 990,
  maxZipEntryBytes: 20 * 1024 * 1024,
  maxZipEntries: 100_000,
  auditRules: true,
};

/** The most characters the tag may hold: the layout's size, never above the configured bound. */
export const tagMaxChars = (tag: string, limits: ReadLimits) =>
  Math.min(NFE_TAG_MAX_CHARS[tag] ?? limits.maxTextChars, limits.maxTextChars);

export const formatCount = (n: number) => n.toLocaleString('pt-BR');
