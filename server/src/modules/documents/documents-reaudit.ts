import { todayInBrazil } from '@app/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditItem } from './audit/audit-item.js';
import { ExpectedOperations } from './audit/expected-operation.js';
import { ImportAudit } from './audit/import-audit.js';
import { ItemContexts } from './audit/recompute.js';
import { itemOf, rejectionFindings } from './audit/rule-book-findings.js';
import * as repo from './documents.repository.js';
import * as itemsRepo from './documents-items.repository.js';
import { chargesSt } from './import/import-document.js';

/** Documents read per round of a new audit (the import's batch size, decision 043). */
const PAGE = 250;

/**
 * Audits an import's documents again against the catalogue and rules as they are now (decision 059), with the
 * import's own functions: the same item audit (`auditItem`, with the import's `ImportAudit` state and its one Tema 69
 * finding at the end), the same expected operation of the product's rule, engine contexts and NCM validity caches. Its findings are replaced in the caller's transaction; the group
 * statuses are keyed by cause and so stay. Products are looked up as they stand: one the import created is now
 * compared with its classification like any other (the first import could not, it had none yet).
 */
export async function reauditDocuments(
  db: Db,
  tx: DbOrTx,
  target: { importId: string; companyId: string; uf: string },
): Promise<number> {
  const today = todayInBrazil();
  // The import's caches, fresh for this run (decision 043): rules, engine contexts and NCM periods as they are now.
  const run = {
    db,
    products: new Map<string, repo.CatalogueProduct>(),
    ncmInForce: new Map<string, boolean>(),
    ncmValidity: new Map<string, { start: string; end: string | null }[]>(),
    cestPrefixes: await repo.loadCestPrefixes(db),
    expected: new ExpectedOperations(db, { uf: target.uf }),
    contexts: new ItemContexts(db),
    // The company's PIS/COFINS base choice, the cClassTrib × NCM table and the Tema 69 total (decision 058).
    audit: await ImportAudit.load(db, target.companyId),
  };
  const head = { importId: target.importId, companyId: target.companyId };
  await itemsRepo.deleteImportFindings(tx, target.importId);
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const page = await itemsRepo.findStoredDocuments(tx, target.importId, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    const docs = page.map((d) => ({ ...d, date: d.date ?? today }));
    await loadNcmsInForce(run, docs);
    const unknown = new Set<string>();
    for (const { doc } of docs)
      for (const item of doc.items) if (!run.products.has(item.prod.cProd ?? '')) unknown.add(item.prod.cProd ?? '');
    for (const p of await repo.findProductsByCodes(tx, target.companyId, [...unknown]))
      run.products.set(p.internalCode, p);
    const findings: (repo.FindingRow & { documentId: string; chave: string | null })[] = [];
    for (const { id, doc, direction, date } of docs) {
      const docFindings: repo.FindingRow[] = [];
      for (const item of doc.items) {
        const product = run.products.get(item.prod.cProd ?? '');
        if (!product) continue;
        const expected =
          direction === 'sale' ? await run.expected.forSale(product, doc, date, chargesSt(item.taxes)) : null;
        const rows = await auditItem({
          doc,
          item,
          direction,
          product,
          isNew: false,
          expected,
          ncmInForce: run.ncmInForce.get(`${item.prod.NCM ?? ''}:${date}`) ?? true,
          cestPrefixes: run.cestPrefixes,
          date,
          contexts: run.contexts,
          audit: run.audit,
          documentId: id,
        });
        for (const f of rows) docFindings.push({ ...f, ...itemsRepo.itemFacts(item) });
      }
      const productOf = (code: string) => run.products.get(code);
      if (doc.rejections?.length)
        docFindings.push(...rejectionFindings(doc.rejections, docFindings, itemOf(doc, productOf)));
      for (const f of docFindings) findings.push({ ...f, documentId: id, chave: doc.chave });
    }
    await repo.insertFindings(tx, head, findings);
    total += findings.length;
  }
  // The Tema 69 opportunity is one finding for the whole import, as the import writes it at its end.
  const opportunity = run.audit.finding();
  if (opportunity) {
    await repo.insertFindings(tx, head, [opportunity]);
    total++;
  }
  return total;
}

/**
 * Whether each NCM of the page is in force on its document's date (rejection 778), as the import tells it
 * (`loadNcmsInForce`): each code's periods read once per run, each (code, day) told from memory.
 */
async function loadNcmsInForce(
  run: {
    db: DbOrTx;
    ncmValidity: Map<string, { start: string; end: string | null }[]>;
    ncmInForce: Map<string, boolean>;
  },
  docs: { doc: { items: { prod: Record<string, string> }[] }; date: string }[],
) {
  const missing = new Set<string>();
  for (const { doc } of docs)
    for (const item of doc.items) {
      const n = item.prod.NCM ?? '';
      if (n && !run.ncmValidity.has(n)) missing.add(n);
    }
  if (missing.size) {
    const rows = await repo.findNcmValidity(
      run.db,
      [...missing].filter((n) => /^\d{8}$/.test(n)),
    );
    for (const n of missing) run.ncmValidity.set(n, rows.get(n) ?? []);
  }
  for (const { doc, date } of docs)
    for (const item of doc.items) {
      const n = item.prod.NCM ?? '';
      const key = `${n}:${date}`;
      if (!n || run.ncmInForce.has(key)) continue;
      const spans = run.ncmValidity.get(n) ?? [];
      run.ncmInForce.set(
        key,
        spans.some((v) => v.start <= date && (v.end === null || v.end >= date)),
      );
    }
}
