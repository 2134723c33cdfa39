import { checkGtin, countOf } from '@app/contract';
import {
  type IncomingProduct,
  lockCompanyProductWrites,
  upsertProducts,
} from '../../products/matching/upsert-products.js';
import * as repo from '../documents.repository.js';
import type { CatalogueChunk } from '../read/document-model.js';
import type { ImportRun } from './import-document.js';

/**
 * An EFD's register 0200 items join the catalogue even when no C170 moved them (issue 37): the codes the company
 * does not have yet are created Pending through the manual import's path (upsertProducts: audit items,
 * classification by GTIN), keeping the 0200's NCM when in force today and its CEST, exactly as a document's unknown
 * code would. Known products are never changed. One transaction per chunk, under the company's product-write lock.
 * The file's last chunk says how many documents (C100) it had: none is said in the import's message.
 */
export async function importCatalogue(run: ImportRun, chunk: CatalogueChunk): Promise<void> {
  const created = chunk.items.length ? await writeChunk(run, chunk) : 0;
  const file = run.catalogued.get(chunk.fileName) ?? 0;
  run.catalogued.set(chunk.fileName, file + created);
  if (chunk.documentsInFile === undefined) return;
  const added = run.catalogued.get(chunk.fileName) ?? 0;
  const items = added
    ? `; ${countOf(added, 'produto do cadastro de itens (registro 0200) incluído como pendente', 'produtos do cadastro de itens (registro 0200) incluídos como pendentes')}`
    : '';
  if (chunk.documentsInFile === 0)
    run.notes.push(`${chunk.fileName}: o arquivo EFD não tem documentos (registro C100)${items}.`);
  else if (added)
    run.notes.push(
      `${chunk.fileName}: ${countOf(added, 'produto do registro 0200 sem movimento incluído', 'produtos do registro 0200 sem movimento incluídos')}.`,
    );
}

async function writeChunk(run: ImportRun, chunk: CatalogueChunk): Promise<number> {
  const ncms = await ncmsInForceToday(run, chunk);
  const result = await run.db.transaction(async (tx) => {
    await lockCompanyProductWrites(tx, run.company.id);
    const known = new Set(
      (
        await repo.findProductsByCodes(
          tx,
          run.company.id,
          chunk.items.map((i) => i.code.slice(0, 155)),
        )
      ).map((p) => p.internalCode),
    );
    const incoming: (IncomingProduct & { ncm: string | null; cest: string | null })[] = [];
    const seen = new Set<string>();
    for (const item of chunk.items) {
      const code = item.code.slice(0, 155);
      if (known.has(code) || seen.has(code)) continue;
      seen.add(code);
      const gtin = checkGtin(item.gtin);
      incoming.push({
        line: incoming.length + 1,
        internalCode: code,
        description: (item.description || code).slice(0, 255),
        gtin: gtin.ok ? gtin.gtin : null,
        ncm: ncms.has(item.ncm) ? item.ncm : null,
        cest: /^\d{7}$/.test(item.cest) ? item.cest : null,
      });
    }
    if (incoming.length === 0) return { created: 0, classified: 0 };
    const ctx = {
      companyId: run.company.id,
      companyUf: run.company.uf,
      actor: run.actor,
      via: ' pelo cadastro de itens da EFD',
      writeLockHeld: true,
    };
    const saved = await upsertProducts(tx, ctx, incoming);
    const byLine = new Map(incoming.map((r) => [r.line, r]));
    await repo.fillNewProducts(
      tx,
      run.company.id,
      saved
        .filter((s) => !s.classified)
        .map((s) => ({ id: s.id, ncm: byLine.get(s.line)!.ncm, cest: byLine.get(s.line)!.cest })),
    );
    return { created: saved.filter((s) => s.inserted).length, classified: saved.filter((s) => s.classified).length };
  });
  run.counts.productsCreated += result.created;
  run.counts.classified += result.classified;
  return result.created;
}

/** The chunk's NCMs in force on the import's day (an NCM the table lacks would be rejection 778: not kept). */
async function ncmsInForceToday(run: ImportRun, chunk: CatalogueChunk): Promise<Set<string>> {
  const codes = [...new Set(chunk.items.map((i) => i.ncm).filter((c) => /^\d{8}$/.test(c)))];
  const validity = await repo.findNcmValidity(run.db, codes);
  const today = run.today;
  return new Set(
    codes.filter((c) => (validity.get(c) ?? []).some((v) => v.start <= today && (v.end === null || v.end >= today))),
  );
}
