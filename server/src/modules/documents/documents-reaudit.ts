import { todayInBrazil } from '@app/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditDocument, finishAudit, loadNcmsInForce, newAuditRun } from './audit/audit-document.js';
import * as repo from './documents.repository.js';
import * as itemsRepo from './documents-items.repository.js';

/** Documents read per round of a new audit (the import's batch size, decision 043). */
const PAGE = 250;

/**
 * Audits an import's documents again against the catalogue and rules as they are now (decision 059), through the
 * import's own audit (audit-document.ts: `newAuditRun`, `auditDocument` for each document, `finishAudit` at the
 * end), so a step added to the import's audit is here too. Its findings are replaced in the caller's transaction;
 * the group statuses are keyed by cause and so stay. Products are looked up as they stand: one the import created
 * is now compared with its classification like any other (the first import could not, it had none yet).
 */
export async function reauditDocuments(
  db: Db,
  tx: DbOrTx,
  target: { importId: string; companyId: string; uf: string },
): Promise<number> {
  const today = todayInBrazil();
  const run = await newAuditRun(db, { id: target.companyId, uf: target.uf });
  const products = new Map<string, repo.CatalogueProduct>();
  const productOf = (code: string) => products.get(code);
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
      for (const item of doc.items) if (!products.has(item.prod.cProd ?? '')) unknown.add(item.prod.cProd ?? '');
    for (const p of await repo.findProductsByCodes(tx, target.companyId, [...unknown])) products.set(p.internalCode, p);
    const findings: Awaited<ReturnType<typeof auditDocument>> = [];
    for (const d of docs) findings.push(...(await auditDocument(run, d, productOf)));
    await repo.insertFindings(tx, head, findings);
    total += findings.length;
  }
  return total + (await finishAudit(run, tx, head));
}
