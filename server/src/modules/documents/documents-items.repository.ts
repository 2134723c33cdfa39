import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { FiscalDocument } from './read/document-model.js';

type Rows<T> = T & Record<string, unknown>;

/**
 * What the audit reads of a document besides its columns and items (decision 059): kept so that the import can be
 * audited again after its files are gone.
 */
export const documentHead = (doc: FiscalDocument) => ({
  ide: doc.ide,
  issuerCnpj: doc.issuerCnpj,
  recipientDoc: doc.recipientDoc,
  protocolStatus: doc.protocolStatus,
  efdDirection: doc.efdDirection ?? null,
  line: doc.line,
});
type DocumentHead = ReturnType<typeof documentHead>;

/** Every item of the batch's new documents in one statement: shown beside its findings and audited again. */
export async function insertDocumentItems(db: DbOrTx, docs: { documentId: string; doc: FiscalDocument }[]) {
  const rows = docs.flatMap(({ documentId, doc }) =>
    doc.items.map((i) => ({
      documentId,
      nItem: i.nItem,
      code: i.prod.cProd ?? '',
      description: i.prod.xProd ?? null,
      ncm: i.prod.NCM ?? null,
      cfop: i.prod.CFOP ?? null,
      prod: i.prod,
      taxes: i.taxes,
    })),
  );
  if (rows.length === 0) return;
  // An EFD may repeat NUM_ITEM inside one C100: the first line of a number is kept (the findings name it).
  await db.execute(sql`
    INSERT INTO company_document_items (document_id, n_item, internal_code, description, ncm, cfop, prod, taxes)
    SELECT t."documentId", t."nItem", t.code, t.description, t.ncm, t.cfop, t.prod, t.taxes
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS t("documentId" uuid, "nItem" int, code text, description text, ncm text, cfop text, prod jsonb, taxes jsonb)
    ON CONFLICT DO NOTHING`);
}

export interface StoredDocument {
  id: string;
  direction: 'sale' | 'purchase';
  date: string | null;
  doc: FiscalDocument;
}

/** A page of the import's documents (by id) rebuilt as the readers gave them, items in order. */
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
      items: { nItem: number; prod: Record<string, string>; taxes: Record<string, string> }[] | null;
    }>
  >(sql`
    SELECT d.id, d.doc_key AS key, d.chave, d.source, d.direction, d.model, d.number, d.issued_on::text AS "issuedOn",
      d.uf_origin AS "ufOrigin", d.uf_destination AS "ufDestination", d.file_name AS "fileName",
      d.total::text AS total, d.head,
      (SELECT jsonb_agg(jsonb_build_object('nItem', i.n_item, 'prod', i.prod, 'taxes', i.taxes) ORDER BY i.n_item)
        FROM company_document_items i WHERE i.document_id = d.id) AS items
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
      items: r.items ?? [],
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
