/**
 * One fiscal document as the readers hand it to the import, whatever its source (NF-e XML or an EFD C100 with
 * its C170 lines). Values are kept as the document wrote them (decimal strings with a dot), keyed by the NF-e
 * layout's tag names: `prod` holds det/prod, `taxes` holds det/imposto as 'GROUP.tag' ('ICMS.CST',
 * 'ICMS.vICMS', 'IPI.pIPI', 'IBSCBS.cClassTrib'), so the audit reads one shape.
 */
export interface DocumentItem {
  nItem: number;
  prod: Record<string, string>;
  taxes: Record<string, string>;
}

export interface FiscalDocument {
  source: 'xml' | 'efd';
  fileName: string;
  /** Line where the document starts in its file (for messages). */
  line: number | null;
  chave: string | null;
  /** The duplicate key: the chave, or the EFD's model/series/number/participant when there is none. */
  key: string;
  model: string;
  number: string;
  /** AAAA-MM-DD */
  issuedOn: string | null;
  issuerCnpj: string | null;
  recipientDoc: string | null;
  ufOrigin: string | null;
  ufDestination: string | null;
  /** NF-e ide: tpNF (0 entrada, 1 saída), indFinal, finNFe; emit/CRT; dest/indIEDest. */
  ide: Record<string, string>;
  /** protNFe/infProt/cStat when the file carries the authorisation. */
  protocolStatus: string | null;
  /** EFD only: IND_OPER already tells the side (1 saída = sale, 0 entrada = purchase). */
  efdDirection?: 'sale' | 'purchase';
  total: string | null;
  /**
   * NF-e XML only: total/vNFTot and the IBS/CBS/IS totals (IBSCBSTot gIBS/vIBS, gCBS/vCBS, gMono/vIBSMono,
   * vCBSMono; ISTot/vIS), as written: from 2027 they tell whether vProd carries the taxes (prodFormOf, decision 075).
   */
  taxTotals?: Record<string, string>;
  items: DocumentItem[];
  /** NF-e XML only: what the rule book (decision 060) would reject, read under the rules of the document's date. */
  rejections?: NfeRejection[];
}

/** One rejection of the rule book: its code (cStat), rule id, tag path, item and values. */
export interface NfeRejection {
  code: string;
  rule: string;
  field: string;
  nItem: number | null;
  expected: string | null;
  found: string | null;
}

/** A file or a part of one that could not be read: reported with its file name and line, the rest goes on. */
export interface ReadProblem {
  fileName: string;
  line: number | null;
  message: string;
}

/** An item of the EFD's own item table (register 0200), as the catalogue takes it. */
export interface CatalogueEntry {
  code: string;
  description: string;
  gtin: string;
  ncm: string;
  cest: string;
}

/**
 * The items of an EFD's register 0200 (the file's item table, which its H010 inventory lines also point to): they
 * join the catalogue whether or not a C170 moved them. Sent in chunks at the end of the file; the last chunk says how
 * many documents (C100) the file had, so a file of block 0 only is told as such.
 */
export interface CatalogueChunk {
  fileName: string;
  items: CatalogueEntry[];
  /** On the file's last chunk only: its C100 count. */
  documentsInFile?: number;
}

export type ReadEvent = { document: FiscalDocument } | { problem: ReadProblem } | { catalogue: CatalogueChunk };

/** A file (or a ZIP entry) refused as a whole with a message for the person who sent it. */
export class FileRefusal extends Error {}
