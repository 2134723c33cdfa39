import type { Db } from '../../../db/client.js';
import type { FailureLog } from '../../../lib/failure-reference.js';
import type { ExpectedOperations } from '../audit/expected-operation.js';
import type { ImportAudit } from '../audit/import-audit.js';
import type { ItemContexts } from '../audit/recompute.js';
import * as repo from '../documents.repository.js';
import { isValidAccessKey } from '../read/access-key.js';
import type { FiscalDocument, ReadProblem } from '../read/document-model.js';
import { findUnfitValue } from './document-values.js';

export interface ImportRun {
  db: Db;
  importId: string;
  company: { id: string; cnpj: string; uf: string };
  actor: { id: string; name: string };
  counts: repo.ImportCounts & { classified: number };
  /** The company's products met so far, by code (only what committed). */
  products: Map<string, repo.CatalogueProduct>;
  /** `NCM:date` → in force that day; from `ncmValidity`, the code's periods in the NCM table. */
  ncmInForce: Map<string, boolean>;
  ncmValidity: Map<string, { start: string; end: string | null }[]>;
  cestPrefixes: Map<string, string[]>;
  expected: ExpectedOperations;
  contexts: ItemContexts;
  /** The audit's per-import state: the company's PIS/COFINS base, the NCM table of cClassTrib, Tema 69's total. */
  audit?: ImportAudit;
  problems: ReadProblem[];
  today: string;
  /** Where a failure's original text goes (never to the user: they get a reference to it). */
  log: FailureLog;
  /** Progress shown while it runs (documents read of about how many, items audited), saved every second. */
  progress: repo.ImportProgress;
  /** Sentences the import's final message adds (an EFD without documents, its 0200 items catalogued). */
  notes: string[];
  /** Products an EFD's 0200 added, by file (for its note). */
  catalogued: Map<string, number>;
}

/** A document that passed the checks that need no database: whose it is and the date it is audited on. */
export interface AcceptedDocument {
  doc: FiscalDocument;
  direction: 'sale' | 'purchase';
  date: string;
}

/** The item charges ICMS-ST as substitute (CST 10/30/70, CSOSN 201–203, or 90/900 with vICMSST). */
export const chargesSt = (t: Record<string, string>) =>
  ['10', '30', '70'].includes(t['ICMS.CST'] ?? '') ||
  ['201', '202', '203'].includes(t['ICMS.CSOSN'] ?? '') ||
  Number(t['ICMS.vICMSST'] ?? 0) > 0;

export const describe = (d: FiscalDocument) => (d.chave ? `NF-e ${d.chave}` : `Documento ${d.model} nº ${d.number}`);

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
  const unfit = findUnfitValue(doc);
  if (unfit) return `não importado: ${unfit}.`;
  return null;
}

/**
 * The document ready for its batch, or null when it is refused (the reason joins the run's problems): a bad key,
 * not authorised, another company's, no items. Nothing is written for a refused document.
 */
export function acceptDocument(run: ImportRun, doc: FiscalDocument): AcceptedDocument | null {
  const refusal = refusalOf(run, doc);
  if (refusal) {
    run.problems.push({ fileName: doc.fileName, line: doc.line, message: `${describe(doc)} ${refusal}` });
    run.counts.errors++;
    return null;
  }
  // A date the document carries was checked by findUnfitValue; one without a date is audited on the import's day.
  const date = doc.issuedOn ?? run.today;
  return { doc, direction: directionOf(run, doc)!, date };
}

/**
 * Whether each NCM of the documents is in force on their dates (rejection 778): the validity of every code not met
 * before is read in one query, and each (code, day) is then told from memory.
 */
export async function loadNcmsInForce(run: ImportRun, docs: AcceptedDocument[]) {
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
