import { checkGtin } from '@app/contract';
import type { DbOrTx } from '../../../db/client.js';
import { describeDatabaseRefusal, logFailure } from '../../../lib/failure-reference.js';
import {
  type IncomingProduct,
  lockCompanyProductWrites,
  upsertProducts,
} from '../../products/matching/upsert-products.js';
import { auditDocument, loadNcmsInForce } from '../audit/audit-document.js';
import * as repo from '../documents.repository.js';
import { documentHead } from '../documents-items.repository.js';
import { type AcceptedDocument, describe, type ImportRun } from './import-document.js';

type Finding = repo.FindingRow & { documentId: string; chave: string | null };

interface BatchResult {
  /** The batch's products as it left them (created, completed or read), to join the run's memory once committed. */
  products: Map<string, repo.CatalogueProduct>;
  documents: number;
  items: number;
  duplicates: number;
  created: number;
  completed: number;
  classified: number;
  findings: number;
}

/**
 * A batch of documents, all or nothing, in one transaction of a few set-based statements (decision 043): the
 * documents' rows (a key the company has is a duplicate, nothing written for it), the products their unknown
 * codes add (Pending, through the manual import's upsert: audit items, classification by GTIN, change-feed
 * events by its triggers), the blanks they fill in Pending products, then every finding. When the batch fails
 * (a document the database refuses), it is rolled back and each document is imported alone, in its own
 * transaction: a bad document never leaves a row and never takes its neighbours with it.
 */
export async function importBatch(run: ImportRun, docs: AcceptedDocument[]): Promise<void> {
  if (docs.length === 0) return;
  await loadNcmsInForce(run, docs);
  // Items audited is progress, not a count of what committed: a batch redone one document at a time counts once.
  const audited = run.progress.itemsAudited;
  // The Tema 69 tally too: a rolled-back batch's savings (and its document ids) must not stay in it when each
  // document is redone alone.
  const savings = run.audit?.savings();
  try {
    commit(run, await run.db.transaction((tx) => writeBatch(run, tx, docs)));
  } catch (err) {
    run.progress.itemsAudited = audited;
    if (savings) run.audit?.restoreSavings(savings);
    if (docs.length === 1) {
      // One document's failure (a database refusal) leaves it out; the rest of the upload goes on.
      // The driver's text (SQL, values) goes to the log only, under a reference the user's message repeats.
      const { doc } = docs[0]!;
      const reference = logFailure(
        run.log,
        err,
        { importId: run.importId, fileName: doc.fileName, line: doc.line, document: doc.key },
        'importação de documentos: documento não gravado',
      );
      run.counts.errors++;
      run.problems.push({
        fileName: doc.fileName,
        line: doc.line,
        message: `${describe(doc)} não importado: ${describeDatabaseRefusal(err)} (referência ${reference}).`,
      });
      return;
    }
    for (const one of docs) await importBatch(run, [one]);
  }
}

function commit(run: ImportRun, r: BatchResult) {
  // Only what committed joins the run's memory of the catalogue.
  for (const [code, p] of r.products) run.products.set(code, p);
  run.counts.documents += r.documents;
  run.counts.items += r.items;
  run.counts.duplicates += r.duplicates;
  run.counts.productsCreated += r.created;
  run.counts.productsUpdated += r.completed;
  run.counts.classified += r.classified;
  run.counts.findings += r.findings;
}

const validNcm = (v: string | undefined) => (/^\d{8}$/.test(v ?? '') ? v! : null);
const validCest = (v: string | undefined) => (/^\d{7}$/.test(v ?? '') ? v! : null);

async function writeBatch(run: ImportRun, tx: DbOrTx, batch: AcceptedDocument[]): Promise<BatchResult> {
  const head = { importId: run.importId, companyId: run.company.id };
  // A key twice in the batch: the second copy is a duplicate whether or not the first is new.
  const seen = new Set<string>();
  const firsts = batch.filter((a) => !seen.has(a.doc.key) && seen.add(a.doc.key));
  const ids = await repo.insertDocuments(
    tx,
    head,
    firsts.map(({ doc, direction, date }) => ({
      key: doc.key,
      chave: doc.chave,
      source: doc.source,
      direction,
      model: doc.model,
      number: doc.number,
      issuedOn: date,
      counterpart: direction === 'sale' ? doc.recipientDoc : doc.issuerCnpj,
      ufOrigin: doc.ufOrigin,
      ufDestination: doc.ufDestination,
      fileName: doc.fileName,
      items: doc.items.length,
      total: doc.total && /^\d+(\.\d+)?$/.test(doc.total) ? doc.total : null,
      head: documentHead(doc),
    })),
  );
  const docs = firsts.filter((a) => ids.has(a.doc.key));
  const result: BatchResult = {
    products: new Map(),
    documents: docs.length,
    items: 0,
    duplicates: batch.length - docs.length,
    created: 0,
    completed: 0,
    classified: 0,
    findings: 0,
  };
  if (docs.length === 0) return result;

  // The batch's view of the catalogue: the run's memory, then what the database has under the write lock.
  const current = result.products;
  const productOf = (code: string) => current.get(code) ?? run.products.get(code);
  const unknown = new Set<string>();
  for (const { doc } of docs)
    for (const item of doc.items) {
      const code = item.prod.cProd ?? '';
      if (code && !run.products.has(code)) unknown.add(code);
    }
  // Only a batch that may add products takes the company's product-write lock (upsertProducts' rule): then the
  // codes are read again under it, so a product created meanwhile is found, never overwritten.
  const creator = new Map<string, number>();
  if (unknown.size) {
    await lockCompanyProductWrites(tx, run.company.id);
    for (const p of await repo.findProductsByCodes(tx, run.company.id, [...unknown])) current.set(p.internalCode, p);
    const incoming: (IncomingProduct & { ncm: string | null; cest: string | null })[] = [];
    docs.forEach(({ doc, date }, index) => {
      for (const item of doc.items) {
        const code = item.prod.cProd ?? '';
        if (!code || productOf(code) || creator.has(code)) continue;
        creator.set(code, index);
        const gtin = checkGtin(item.prod.cEAN);
        incoming.push({
          line: incoming.length + 1,
          internalCode: code.slice(0, 155),
          description: (item.prod.xProd ?? code).slice(0, 255),
          gtin: gtin.ok ? gtin.gtin : null,
          // An NCM the table does not have (rejection 778) is a finding, not a classification to keep.
          ncm: run.ncmInForce.get(`${item.prod.NCM}:${date}`) ? item.prod.NCM! : null,
          cest: validCest(item.prod.CEST),
        });
      }
    });
    const ctx = {
      companyId: run.company.id,
      companyUf: run.company.uf,
      actor: run.actor,
      via: ' por documento fiscal',
      writeLockHeld: true,
    };
    const saved = await upsertProducts(tx, ctx, incoming);
    if (saved.length) {
      const byLine = new Map(incoming.map((r) => [r.line, r]));
      await repo.fillNewProducts(
        tx,
        run.company.id,
        saved
          .filter((s) => !s.classified)
          .map((s) => ({ id: s.id, ncm: byLine.get(s.line)!.ncm, cest: byLine.get(s.line)!.cest })),
      );
      for (const p of await repo.findProductsByCodes(
        tx,
        run.company.id,
        incoming.map((r) => r.internalCode),
      ))
        current.set(p.internalCode, p);
      result.created = saved.filter((s) => s.inserted).length;
      result.classified = saved.filter((s) => s.classified).length;
    }
  }

  // Document by document, in order: the blanks it fills in Pending products (copies: the run's memory changes
  // only on commit), then its items audited against the catalogue as it stands after them.
  const completions = new Map<string, { id: string; ncm: string | null; cest: string | null; gtin: string | null }>();
  const findings: Finding[] = [];
  for (const [index, { doc, direction, date }] of docs.entries()) {
    result.items += doc.items.length;
    for (const item of doc.items) {
      const code = item.prod.cProd ?? '';
      const p = productOf(code);
      if (!p || creator.get(code) === index || p.status !== 'P') continue;
      const checked = checkGtin(item.prod.cEAN);
      const gtin = checked.ok ? checked.gtin : null;
      const ncm = validNcm(item.prod.NCM);
      if (!((!p.ncm && ncm) || (!p.gtin && gtin))) continue;
      const done = { ...p, ncm: p.ncm ?? ncm, cest: p.cest ?? validCest(item.prod.CEST), gtin: p.gtin ?? gtin };
      current.set(code, done);
      completions.set(p.id, { id: p.id, ncm: done.ncm, cest: done.cest, gtin: done.gtin });
    }
    // The audit's steps are the reaudit's too (audit-document.ts): a product this document created has no rule yet.
    const audited = await auditDocument(
      run,
      { id: ids.get(doc.key)!, doc, direction, date },
      productOf,
      (code) => creator.get(code) === index,
      () => run.progress.itemsAudited++,
    );
    findings.push(...audited);
  }
  if (completions.size) {
    const actor = { companyId: run.company.id, userId: run.actor.id, userName: run.actor.name };
    result.completed = (await repo.completeProducts(tx, actor, [...completions.values()])).length;
  }
  await repo.insertFindings(tx, head, findings);
  result.findings = findings.length;
  return result;
}
