/**
 * The NF-e rule book's shapes: each rule is data (its id as the MOC/NT writes it, the rejection code, the official
 * message, where and when it is in force, its source) plus a small predicate that returns what it found.
 */
import type { CfopIndicators } from './cfop-table.js';
import type { NfceUrlKind, NfceUrls } from './nfce-urls-table.js';
import type { NfeView } from './nfe-view.js';

/** The layout groups of the MOC (annex I), as the rules are grouped there. */
export type RuleGroup =
  | 'A'
  | 'B'
  | 'BA'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'GA'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'LA'
  | 'LB'
  | 'N'
  | 'NA'
  | 'O'
  | 'P'
  | 'Q/S'
  | 'R'
  | 'T'
  | 'U'
  | 'UA'
  | 'UB'
  | 'VC'
  | 'W'
  | 'X'
  | 'Y'
  | 'YA'
  | 'YB'
  | 'ZA'
  | 'ZB'
  | 'ZC'
  | 'ZD'
  | 'ZX';

export type Ambiente = 'producao' | 'homologacao';

/** When a rule is in force in one environment: from `desde` (null: every layout 4.00 document) to `ate`. */
export interface Period {
  desde: string | null;
  ate?: string | null;
}

export interface RuleSource {
  /** "MOC 7.0 Anexo I" or "NT 2025.002". */
  documento: string;
  versao: string;
  /** Section of the document where the rule's row is. */
  secao: string;
  /** The Portal Nacional da NF-e page that publishes the document. */
  url: string;
}

/** One finding of a rule: where (tag path), which item, what was expected and what the document says. */
export interface Finding {
  campo: string;
  nItem?: number;
  esperado?: string;
  encontrado?: string;
}

/**
 * A CST's indicators (ind_g…) in the table of CST of the IBS and the CBS: whether the group is allowed/required (true) or
 * forbidden (false). The optional ones are read by NT 2025.002's rules UB13-39, UB13-44/45, UB112-20 and UB131-30; a
 * caller that does not know one leaves it out and the rule is not applied to that item.
 */
export interface IbsCbsCstIndicators {
  gIBSCBS: boolean;
  gRed: boolean;
  gDif: boolean;
  /** ind_gIBSCBSMono: the monophasic group gIBSCBSMono. */
  gIBSCBSMono?: boolean;
  /** ind_gTransfCred: the credit transfer group gTransfCred. */
  gTransfCred?: boolean;
  /** ind_gAjusteCompet: the adjustment of competence group gAjusteCompet. */
  gAjusteCompet?: boolean;
  /** ind_gCredPresIBSZFM: the ZFM's presumed IBS credit group gCredPresIBSZFM. */
  gCredPresIBSZFM?: boolean;
}

/** A cClassTrib's row in the table of classificação tributária of the IBS and the CBS (the facts the rules read). */
export interface ClassTribIndicators {
  cst: string;
  exigeTribRegular: boolean;
  modelos?: readonly string[];
  /** ind_gCredPresOper (UB120-20): presumed credit of the operation allowed. Absent: not known, not applied. */
  gCredPresOper?: boolean;
  /** ind_gEstornoCred (UB116-20): the credit reversal group gEstornoCred required. Absent: not known. */
  gEstornoCred?: boolean;
}

/** Official tables some rules need (NCM, CST/cClassTrib of IBS/CBS); the caller supplies them. */
export interface NfeTables {
  /** True/false when the table covers the date; undefined when it cannot say (date before the table). */
  ncmInForce(ncm: string, date: string): boolean | undefined;
  /** The IBS/CBS CST's group indicators (table of CST of the IBS and the CBS), or undefined when the CST does not exist. */
  ibsCbsCst(cst: string): IbsCbsCstIndicators | undefined;
  /**
   * The cClassTrib's CST, whether it requires gTribRegular and the NF-e models that accept it (absent: not known, UB14-25
   * is not applied), its group indicators, or undefined when the code does not exist.
   */
  cClassTrib(code: string): ClassTribIndicators | undefined;
  /**
   * The Portal's CFOP table row (indicators indNFe, indRetor, indRemes …), or undefined when the code is not in it.
   * Absent method: the caller has no CFOP table and the rules that read it are not applied.
   */
  cfop?(code: string): CfopIndicators | undefined;
  /**
   * Whether a 7-digit código de município exists in the IBGE table (DTB). Absent method: the caller has no table
   * and the rules that read it (B12-10, C10-10, E10-10 …) are not applied.
   */
  municipio?(code: string): boolean;
  /** Whether a cPais exists in the BACEN country table (leading zeros not significant). Absent method: not applied. */
  pais?(code: string): boolean;
  /**
   * The NFC-e's consultation addresses a UF publishes for an environment (tpAmb 1/2): the QR-Code's URL (ZX02-20) or
   * the urlChave (ZX03-20), the current one and every accepted one as `nfceUrlKey` writes it; undefined when the table
   * has no entry for the UF and environment. Absent method: ZX02-20 and ZX03-20 are not applied.
   */
  nfceUrls?(uf: string, tpAmb: '1' | '2', tipo: NfceUrlKind): NfceUrls | undefined;
  /** Names the tables' editions for the answer ("NCM Siscomex vigente em …"). */
  description: string;
}

export interface RuleContext {
  /** The date whose rules apply (AAAA-MM-DD): the document's dhEmi unless the caller chose another. */
  data: string;
  ambiente: Ambiente;
  /** Now, for the rules about the moment of reception (they become alerts). */
  agora: Date;
  tabelas: NfeTables | null;
}

export interface Rule {
  id: string;
  codigo: string;
  /** The official message, as the MOC/NT table writes it ("[nItem: 999]" is filled in when reported). */
  mensagem: string;
  grupo: RuleGroup;
  modelos: readonly ('55' | '65')[];
  /** Obrig./Facult. as the rule's row says; null where the consulted source did not show the column. */
  aplicacao: 'obrigatoria' | 'facultativa' | null;
  /** 'alerta': about the moment of reception or SEFAZ records — reported, never a rejection. */
  efeito: 'rejeicao' | 'alerta';
  vigencia: { producao: Period | null; homologacao: Period | null };
  /** CRTs the rule applies to (NT 2025.002 phases some rules in by CRT); absent = every CRT. */
  crt?: readonly string[];
  fonte: RuleSource;
  /** What is checked, in one sentence (conformance table). */
  descricao: string;
  /** Official tables the rule needs besides the document. */
  tabelas?: readonly ('ncm' | 'ibs-cbs' | 'cfop' | 'municipios' | 'paises' | 'nfce-urls')[];
  /**
   * Elements without which the predicate finds nothing (any one of them, anywhere under infNFe or in the NFe's
   * infNFeSupl, the NFC-e's qrCode and urlChave): the book skips the rule on a document that has none
   * (rule-requirements.ts). A shortcut only: the findings are the same without it.
   */
  requer?: readonly string[];
  verificar(doc: NfeView, ctx: RuleContext): Finding[];
}

export interface Rejeicao {
  codigo: string;
  regra: string;
  mensagem: string;
  campo: string;
  nItem: number | null;
  esperado: string | null;
  encontrado: string | null;
  facultativa: boolean;
  fonte: RuleSource;
}
