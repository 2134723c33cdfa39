import type { Db, DbOrTx } from '../../../db/client.js';
import * as repo from '../documents.repository.js';
import { itemFacts } from '../documents-items.repository.js';
import type { FiscalDocument } from '../read/document-model.js';
import { auditItem } from './audit-item.js';
import { ExpectedOperations } from './expected-operation.js';
import { ImportAudit } from './import-audit.js';
import { ItemContexts } from './recompute.js';
import { itemOf, rejectionFindings } from './rule-book-findings.js';

/**
 * What auditing an import's documents keeps from one document to the next, the same for its first audit (the
 * import job) and any later one (POST …/reaudit): the product rules as operations, the engine contexts, the NCM
 * periods and the import's own audit state (the company's PIS/COFINS base, the cClassTrib × NCM table, the Tema 69
 * total). Built fresh for each run, so a later audit reads the rules as they are now (decision 043).
 */
export interface AuditRun {
  db: Db;
  /** `NCM:date` → in force that day; from `ncmValidity`, the code's periods in the NCM table. */
  ncmInForce: Map<string, boolean>;
  ncmValidity: Map<string, { start: string; end: string | null }[]>;
  cestPrefixes: Map<string, string[]>;
  expected: ExpectedOperations;
  contexts: ItemContexts;
  audit?: ImportAudit;
}

export async function newAuditRun(db: Db, company: { id: string; uf: string }): Promise<AuditRun> {
  return {
    db,
    ncmInForce: new Map(),
    ncmValidity: new Map(),
    cestPrefixes: await repo.loadCestPrefixes(db),
    expected: new ExpectedOperations(db, { uf: company.uf }),
    contexts: new ItemContexts(db),
    audit: await ImportAudit.load(db, company.id),
  };
}

/** The item charges ICMS-ST as substitute (CST 10/30/70, CSOSN 201–203, or 90/900 with vICMSST). */
export const chargesSt = (t: Record<string, string>) =>
  ['10', '30', '70'].includes(t['ICMS.CST'] ?? '') ||
  ['201', '202', '203'].includes(t['ICMS.CSOSN'] ?? '') ||
  Number(t['ICMS.vICMSST'] ?? 0) > 0;

export interface DocumentToAudit {
  id: string;
  doc: FiscalDocument;
  direction: 'sale' | 'purchase';
  date: string;
}

/**
 * Every step of one document's audit, in order (the one place a step is added): each item of a known product
 * through `auditItem` (a sale compared with its product's rule unless the product joined the catalogue from this
 * very document), then the rule book's rejections read with the document (decision 060), merged into the finding
 * that names the same field or written as `rejeicao`. `onItem` counts progress.
 */
export async function auditDocument(
  run: AuditRun,
  { id, doc, direction, date }: DocumentToAudit,
  productOf: (code: string) => repo.CatalogueProduct | undefined,
  isNew: (code: string) => boolean = () => false,
  onItem?: () => void,
): Promise<(repo.FindingRow & { documentId: string; chave: string | null })[]> {
  const rows: repo.FindingRow[] = [];
  for (const item of doc.items) {
    const product = productOf(item.prod.cProd ?? '');
    if (!product) continue;
    const fresh = isNew(product.internalCode);
    const expected =
      direction === 'sale' && !fresh ? await run.expected.forSale(product, doc, date, chargesSt(item.taxes)) : null;
    const found = await auditItem({
      doc,
      item,
      direction,
      product,
      isNew: fresh,
      expected,
      ncmInForce: run.ncmInForce.get(`${item.prod.NCM ?? ''}:${date}`) ?? true,
      cestPrefixes: run.cestPrefixes,
      date,
      contexts: run.contexts,
      audit: run.audit,
      documentId: id,
    });
    for (const f of found) rows.push({ ...f, ...itemFacts(item) });
    onItem?.();
  }
  if (doc.rejections?.length) rows.push(...rejectionFindings(doc.rejections, rows, itemOf(doc, productOf)));
  return rows.map((f) => ({ ...f, documentId: id, chave: doc.chave }));
}

/**
 * The audit's last step, once every document is in: the Tema 69 opportunity, one finding for the whole import
 * (decision 058). Returns how many findings it wrote (0 or 1).
 */
export async function finishAudit(
  run: AuditRun,
  tx: DbOrTx,
  head: { importId: string; companyId: string },
): Promise<number> {
  const opportunity = run.audit?.finding();
  if (!opportunity) return 0;
  await repo.insertFindings(tx, head, [opportunity]);
  return 1;
}

/**
 * Whether each NCM of the documents is in force on their dates (rejection 778): the validity of every code not met
 * before is read in one query, and each (code, day) is then told from memory.
 */
export async function loadNcmsInForce(
  run: Pick<AuditRun, 'db' | 'ncmInForce' | 'ncmValidity'>,
  docs: { doc: { items: { prod: Record<string, string> }[] }; date: string }[],
) {
  const missing = new Set<string>();
  for (const { doc } of docs)
    for (const item of doc.items) {
      const n = item.prod.NCM ?? '';
      if (n && !run.ncmValidity.has(n)) missing.add(n);
    }
  if (missing.size) {
    const codes = [...missing];
    const rows = await repo.findNcmValidity(
      run.db,
      codes.filter((n) => /^\d{8}$/.test(n)),
    );
    for (const n of codes) run.ncmValidity.set(n, rows.get(n) ?? []);
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
