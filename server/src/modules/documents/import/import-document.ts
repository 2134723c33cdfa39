import { checkGtin } from '@app/contract';
import type { Db } from '../../../db/client.js';
import {
  type IncomingProduct,
  lockCompanyProductWrites,
  upsertProducts,
} from '../../products/matching/upsert-products.js';
import { auditItem } from '../audit/audit-item.js';
import type { ExpectedOperations } from '../audit/expected-operation.js';
import * as repo from '../documents.repository.js';
import { isValidAccessKey } from '../read/access-key.js';
import type { FiscalDocument, ReadProblem } from '../read/document-model.js';

export interface ImportRun {
  db: Db;
  importId: string;
  company: { id: string; cnpj: string; uf: string };
  actor: { id: string; name: string };
  counts: repo.ImportCounts & { classified: number };
  /** The company's products met so far, by code (only what committed). */
  products: Map<string, repo.CatalogueProduct>;
  ncmInForce: Map<string, boolean>;
  cestPrefixes: Map<string, string[]>;
  expected: ExpectedOperations;
  problems: ReadProblem[];
  today: string;
}

/** The item charges ICMS-ST as substitute (CST 10/30/70, CSOSN 201–203, or 90/900 with vICMSST). */
const chargesSt = (t: Record<string, string>) =>
  ['10', '30', '70'].includes(t['ICMS.CST'] ?? '') ||
  ['201', '202', '203'].includes(t['ICMS.CSOSN'] ?? '') ||
  Number(t['ICMS.vICMSST'] ?? 0) > 0;

const describe = (d: FiscalDocument) => (d.chave ? `NF-e ${d.chave}` : `Documento ${d.model} nº ${d.number}`);

/** Whose document it is: the company issued it (sale; an entry note it issued is a purchase) or received it. */
function directionOf(run: ImportRun, doc: FiscalDocument): 'sale' | 'purchase' | null {
  if (doc.efdDirection) return doc.efdDirection;
  if (doc.issuerCnpj === run.company.cnpj) return doc.ide.tpNF === '0' ? 'purchase' : 'sale';
  if (doc.recipientDoc === run.company.cnpj) return 'purchase';
  return null;
}

function refusalOf(run: ImportRun, doc: FiscalDocument): string | null {
  if (doc.source === 'xml' && !isValidAccessKey(doc.chave))
    return `chave de acesso ${doc.chave ?? '(ausente)'} inválida (44 dígitos com dígito verificador, MOC 4.00).`;
  if (doc.source === 'efd' && doc.chave && !isValidAccessKey(doc.chave))
    return `chave de acesso ${doc.chave} com dígito verificador inválido.`;
  if (doc.protocolStatus && doc.protocolStatus !== '100' && doc.protocolStatus !== '150')
    return `não foi autorizada (cStat ${doc.protocolStatus}).`;
  if (!directionOf(run, doc))
    return `não pertence à empresa: emitente ${doc.issuerCnpj ?? '(ausente)'}, destinatário ${doc.recipientDoc ?? '(ausente)'}.`;
  if (doc.items.length === 0) return 'não tem itens.';
  return null;
}

async function knownNcms(run: ImportRun, doc: FiscalDocument, date: string) {
  const missing = [...new Set(doc.items.map((i) => i.prod.NCM ?? ''))].filter(
    (n) => n && !run.ncmInForce.has(`${n}:${date}`),
  );
  if (missing.length === 0) return;
  const found = await repo.findNcmsInForce(
    run.db,
    missing.filter((n) => /^\d{8}$/.test(n)),
    date,
  );
  for (const n of missing) run.ncmInForce.set(`${n}:${date}`, found.has(n));
}

/**
 * One document, one transaction: its row (a key already imported makes it a duplicate and nothing is written),
 * the products its unknown codes add to the catalogue (Pending, through the import's upsert: audit items and
 * classification by GTIN), the blanks it fills in Pending products, and its findings. A failure leaves nothing.
 */
export async function importDocument(run: ImportRun, doc: FiscalDocument): Promise<void> {
  const refusal = refusalOf(run, doc);
  if (refusal) {
    run.problems.push({ fileName: doc.fileName, line: doc.line, message: `${describe(doc)} ${refusal}` });
    run.counts.errors++;
    return;
  }
  const direction = directionOf(run, doc)!;
  const date = doc.issuedOn && /^\d{4}-\d{2}-\d{2}$/.test(doc.issuedOn) ? doc.issuedOn : run.today;
  await knownNcms(run, doc, date);

  const result = await run.db.transaction(async (tx) => {
    const documentId = await repo.insertDocument(tx, {
      importId: run.importId,
      companyId: run.company.id,
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
    });
    if (!documentId) return null;

    const local = new Map<string, repo.CatalogueProduct>();
    const unknown = [...new Set(doc.items.map((i) => i.prod.cProd ?? ''))].filter((c) => c && !run.products.has(c));
    // Only a document that may add products takes the company's product-write lock (upsertProducts' rule): then
    // the codes are read again under it, so a product created meanwhile is found, never overwritten.
    if (unknown.length) await lockCompanyProductWrites(tx, run.company.id);
    for (const p of await repo.findProductsByCodes(tx, run.company.id, unknown)) local.set(p.internalCode, p);
    const incoming: (IncomingProduct & { ncm: string | null; cest: string | null })[] = [];
    for (const item of doc.items) {
      const code = item.prod.cProd ?? '';
      if (!code || run.products.has(code) || local.has(code) || incoming.some((r) => r.internalCode === code)) continue;
      const gtin = checkGtin(item.prod.cEAN);
      incoming.push({
        line: incoming.length + 1,
        internalCode: code.slice(0, 155),
        description: (item.prod.xProd ?? code).slice(0, 255),
        gtin: gtin.ok ? gtin.gtin : null,
        // An NCM the table does not have (rejection 778) is a finding, not a classification to keep.
        ncm: run.ncmInForce.get(`${item.prod.NCM}:${date}`) ? item.prod.NCM! : null,
        cest: /^\d{7}$/.test(item.prod.CEST ?? '') ? item.prod.CEST! : null,
      });
    }
    const ctx = {
      companyId: run.company.id,
      companyUf: run.company.uf,
      actor: run.actor,
      via: ' por documento fiscal',
      writeLockHeld: true,
    };
    const saved = await upsertProducts(tx, ctx, incoming);
    const created = new Set<string>();
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
      )) {
        local.set(p.internalCode, p);
        created.add(p.internalCode);
      }
    }
    const completed = await completeKnown(run, tx, doc, local, created);

    const findings: repo.FindingRow[] = [];
    for (const item of doc.items) {
      const product = run.products.get(item.prod.cProd ?? '') ?? local.get(item.prod.cProd ?? '');
      if (!product) continue;
      const isNew = created.has(product.internalCode);
      const expected =
        direction === 'sale' && !isNew ? await run.expected.forSale(product, doc, date, chargesSt(item.taxes)) : null;
      const ncmInForce = run.ncmInForce.get(`${item.prod.NCM ?? ''}:${date}`) ?? true;
      findings.push(
        ...(await auditItem(tx, {
          doc,
          item,
          direction,
          product,
          isNew,
          expected,
          ncmInForce,
          cestPrefixes: run.cestPrefixes,
          date,
        })),
      );
    }
    await repo.insertFindings(
      tx,
      { importId: run.importId, documentId, companyId: run.company.id, chave: doc.chave },
      findings,
    );
    return {
      local,
      created: created.size,
      classified: saved.filter((s) => s.classified).length,
      completed,
      findings: findings.length,
    };
  });

  if (!result) {
    run.counts.duplicates++;
    return;
  }
  // Only what committed joins the run's memory of the catalogue.
  for (const [code, p] of result.local) run.products.set(code, p);
  run.counts.documents++;
  run.counts.items += doc.items.length;
  run.counts.productsCreated += result.created;
  run.counts.productsUpdated += result.completed;
  run.counts.classified += result.classified;
  run.counts.findings += result.findings;
}

/** Known Pending products lacking NCM/CEST/GTIN take them from the document (blanks only, never a replacement). */
async function completeKnown(
  run: ImportRun,
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  doc: FiscalDocument,
  local: Map<string, repo.CatalogueProduct>,
  created: Set<string>,
): Promise<number> {
  const rows: { id: string; ncm: string | null; cest: string | null; gtin: string | null }[] = [];
  for (const item of doc.items) {
    const code = item.prod.cProd ?? '';
    const p = run.products.get(code) ?? local.get(code);
    if (!p || created.has(code) || p.status !== 'P') continue;
    const gtin = checkGtin(item.prod.cEAN);
    const ncm = /^\d{8}$/.test(item.prod.NCM ?? '') ? item.prod.NCM! : null;
    const cest = /^\d{7}$/.test(item.prod.CEST ?? '') ? item.prod.CEST! : null;
    const fills = (!p.ncm && ncm) || (!p.gtin && gtin.ok && gtin.gtin);
    if (fills && !rows.some((r) => r.id === p.id)) rows.push({ id: p.id, ncm, cest, gtin: gtin.ok ? gtin.gtin : null });
  }
  if (rows.length === 0) return 0;
  const ids = await repo.completeProducts(
    tx,
    { companyId: run.company.id, userId: run.actor.id, userName: run.actor.name },
    rows,
  );
  if (ids.length)
    for (const p of await repo.findProductsByCodes(
      tx,
      run.company.id,
      doc.items.map((i) => i.prod.cProd ?? ''),
    ))
      local.set(p.internalCode, p);
  return ids.length;
}
