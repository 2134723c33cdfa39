import { formatCnpj } from '@app/contract';
import type { Db } from '../../../db/client.js';
import type { FailureLog } from '../../../lib/failure-reference.js';
import type { AuditRun } from '../audit/audit-document.js';
import type * as repo from '../documents.repository.js';
import { isValidAccessKey } from '../read/access-key.js';
import type { FiscalDocument, ReadProblem } from '../read/document-model.js';
import { findUnfitValue } from './document-values.js';

/** An import job's state: the audit's caches (shared with a later audit, `AuditRun`) and what the import adds. */
export interface ImportRun extends AuditRun {
  db: Db;
  importId: string;
  company: { id: string; cnpj: string; uf: string };
  actor: { id: string; name: string };
  counts: repo.ImportCounts & { classified: number };
  /** The company's products met so far, by code (only what committed). */
  products: Map<string, repo.CatalogueProduct>;
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

export const describe = (d: FiscalDocument) => (d.chave ? `NF-e ${d.chave}` : `Documento ${d.model} nº ${d.number}`);

/** Whose document it is: the company issued it (sale; an entry note it issued is a purchase) or received it. */
function directionOf(run: ImportRun, doc: FiscalDocument): 'sale' | 'purchase' | null {
  if (doc.efdDirection) return doc.efdDirection;
  if (doc.issuerCnpj === run.company.cnpj) return doc.ide.tpNF === '0' ? 'purchase' : 'sale';
  if (doc.recipientDoc === run.company.cnpj) return 'purchase';
  return null;
}

/** A party as a person reads it: CNPJ 00.000.000/0000-00, CPF 000.000.000-00, anything else as written. */
function party(id: string | null | undefined): string {
  if (!id) return '(ausente)';
  if (/^\d{14}$/.test(id)) return `CNPJ ${formatCnpj(id)}`;
  if (/^\d{11}$/.test(id)) return `CPF ${id.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')}`;
  return id;
}

function refusalOf(run: ImportRun, doc: FiscalDocument): string | null {
  if (doc.source === 'xml' && !isValidAccessKey(doc.chave))
    return `chave de acesso ${doc.chave ?? '(ausente)'} inválida (44 dígitos com dígito verificador, MOC 4.00).`;
  if (doc.source === 'efd' && doc.chave && !isValidAccessKey(doc.chave))
    return `chave de acesso ${doc.chave} com dígito verificador inválido.`;
  if (doc.protocolStatus && doc.protocolStatus !== '100' && doc.protocolStatus !== '150')
    return `não foi autorizada (cStat ${doc.protocolStatus}).`;
  if (!directionOf(run, doc))
    return `não pertence à empresa: emitente ${party(doc.issuerCnpj)}, destinatário ${party(doc.recipientDoc)}.`;
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
