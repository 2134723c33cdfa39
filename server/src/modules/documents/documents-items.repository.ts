import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { DocumentItem, FiscalDocument } from './read/document-model.js';

type Rows<T> = T & Record<string, unknown>;

/**
 * What the audit reads of a document besides its columns, items included (decision 059): kept with the document, one
 * compressed value written by the insert that writes it, so the import can be audited again after its files are
 * gone. (An item per row cost a statement and a row per item: a 200 MB EFD has 1.2 million.)
 */
export const documentHead = (doc: FiscalDocument) => ({
  ide: doc.ide,
  issuerCnpj: doc.issuerCnpj,
  recipientDoc: doc.recipientDoc,
  protocolStatus: doc.protocolStatus,
  efdDirection: doc.efdDirection ?? null,
  line: doc.line,
  items: doc.items,
  /** vNFTot and the IBS/CBS/IS totals (2027+: which form vProd has); absent in documents stored before. */
  taxTotals: doc.taxTotals,
  /** The rule book's rejections, read with the XML: a new audit of the import writes them again without it. */
  rejections: doc.rejections ?? [],
});
type DocumentHead = ReturnType<typeof documentHead>;

/** The item's facts a finding keeps for the worklist: description, NCM and CFOP as the document wrote them. */
export const itemFacts = (item: DocumentItem) => ({
  description: item.prod.xProd ?? null,
  ncm: item.prod.NCM ?? null,
  cfop: item.prod.CFOP ?? null,
});

export interface StoredDocument {
  id: string;
  direction: 'sale' | 'purchase';
  date: string | null;
  doc: FiscalDocument;
}

/** A page of the import's documents (by id) rebuilt as the readers gave them, items in their order. */
export async function findStoredDocuments(
  db: DbOrTx,
  importId: string,
  afterId: string | null,
  limit: number,
): Promise<StoredDocument[]> {
  const res = await db.execute<
    Rows<{
      id: string;
      key: string;
      chave: string | null;
      source: 'xml' | 'efd';
      direction: 'sale' | 'purchase';
      model: string;
      number: string;
      issuedOn: string | null;
      ufOrigin: string | null;
      ufDestination: string | null;
      fileName: string;
      total: string | null;
      head: DocumentHead | null;
    }>
  >(sql`
    SELECT d.id, d.doc_key AS key, d.chave, d.source, d.direction, d.model, d.number, d.issued_on::text AS "issuedOn",
      d.uf_origin AS "ufOrigin", d.uf_destination AS "ufDestination", d.file_name AS "fileName",
      d.total::text AS total, d.head
    FROM company_documents d
    WHERE d.import_id = ${importId} ${afterId ? sql`AND d.id > ${afterId}` : sql``}
    ORDER BY d.id LIMIT ${limit}`);
  return res.rows.map((r) => ({
    id: r.id,
    direction: r.direction,
    date: r.issuedOn,
    doc: {
      source: r.source,
      fileName: r.fileName,
      line: r.head?.line ?? null,
      chave: r.chave,
      key: r.key,
      model: r.model,
      number: r.number,
      issuedOn: r.issuedOn,
      issuerCnpj: r.head?.issuerCnpj ?? null,
      recipientDoc: r.head?.recipientDoc ?? null,
      ufOrigin: r.ufOrigin,
      ufDestination: r.ufDestination,
      ide: r.head?.ide ?? {},
      protocolStatus: r.head?.protocolStatus ?? null,
      efdDirection: r.head?.efdDirection ?? undefined,
      total: r.total,
      taxTotals: r.head?.taxTotals,
      items: r.head?.items ?? [],
      rejections: r.head?.rejections ?? [],
    },
  }));
}

/** Whether every document of the import has its items kept (imports made before decision 059 have none). */
export async function hasStoredItems(db: DbOrTx, importId: string): Promise<boolean> {
  const res = await db.execute<Rows<{ missing: boolean }>>(sql`
    SELECT EXISTS (SELECT 1 FROM company_documents d WHERE d.import_id = ${importId} AND d.head IS NULL) AS missing`);
  return !res.rows[0]!.missing;
}

/** A new audit replaces every finding of the import (statuses are kept: they are keyed by group, not by row). */
export async function deleteImportFindings(db: DbOrTx, importId: string) {
  await db.execute(sql`DELETE FROM document_findings WHERE import_id = ${importId}`);
}

export async function markReaudited(db: DbOrTx, importId: string, findings: number): Promise<Date> {
  const res = await db.execute<Rows<{ at: Date }>>(sql`
    UPDATE document_imports SET findings = ${findings}, reaudited_at = now() WHERE id = ${importId}
    RETURNING reaudited_at AS at`);
  return new Date(res.rows[0]!.at);
}

/** Serialises new audits of one import (a second one waits for the first, then rewrites the findings again). */
export async function lockImport(db: DbOrTx, importId: string) {
  await db.execute(sql`SELECT id FROM document_imports WHERE id = ${importId} FOR UPDATE`);
}
