import { countOf } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { FindingRow } from '../documents.repository.js';
import { money } from './cents.js';
import { severityOf } from './finding.js';
import type { PisCofinsBase } from './own-figures.js';

interface NcmRow {
  ncm: string;
  excluded: string[];
  annex: string | null;
  start: string;
  end: string | null;
}

/** A document with an item the Tema 69 opportunity counts. */
interface SavingDocument {
  id: string;
  chave: string | null;
  date: string;
  number: string;
}

/** Earlier date, then lower number (digits compared as numbers), then id: an order that does not depend on reading. */
function comesBefore(a: SavingDocument, b: SavingDocument): boolean {
  if (a.date !== b.date) return a.date < b.date;
  const an = a.number.padStart(20, '0');
  const bn = b.number.padStart(20, '0');
  if (an !== bn) return an < bn;
  return a.id < b.id;
}

/**
 * What one import's audit keeps beside the items: the company's PIS/COFINS base choice, Receita's NCM
 * applicability table of the cClassTrib codes (ref_rtc_ncm, from the reference calculator — the law's annexes of
 * LC 214/2025) and the Tema 69 opportunity summed over the whole import, written as one finding at its end.
 */
export class ImportAudit {
  private savingCents = 0;
  private savingItems = 0;
  private savingDocument: SavingDocument | null = null;
  private readonly withoutGroup = new Set<string>();

  constructor(
    readonly pisCofinsBase: PisCofinsBase,
    private readonly ncmByCode: Map<string, NcmRow[]>,
  ) {}

  static async load(db: DbOrTx, companyId: string): Promise<ImportAudit> {
    const [company, rows] = await Promise.all([
      db.execute<{ base: PisCofinsBase } & Record<string, unknown>>(
        sql`SELECT pis_cofins_icms_base AS base FROM companies WHERE id = ${companyId}`,
      ),
      db.execute<{ code: string } & NcmRow & Record<string, unknown>>(sql`
        SELECT code, ncm, excluded, annex, start_date::text AS start, end_date::text AS "end"
        FROM ref_rtc_ncm WHERE active AND kind = 'IBSCBS'`),
    ]);
    const byCode = new Map<string, NcmRow[]>();
    for (const r of rows.rows) {
      const list = byCode.get(r.code) ?? [];
      list.push({ ncm: r.ncm, excluded: r.excluded, annex: r.annex, start: r.start, end: r.end });
      byCode.set(r.code, list);
    }
    return new ImportAudit(company.rows[0]?.base ?? 'auto', byCode);
  }

  private rowsOn(code: string, date: string) {
    return (this.ncmByCode.get(code) ?? []).filter((r) => r.start <= date && (r.end === null || r.end >= date));
  }

  /** The table lists NCMs for the code on the date: it applies to those only (an annex of LC 214/2025). */
  restricted(code: string, date: string): boolean {
    return this.rowsOn(code, date).length > 0;
  }

  /** The table places the NCM among those the code applies to (by prefix, minus its exclusions). */
  allows(code: string, ncm: string, date: string): boolean {
    return this.rowsOn(code, date).some((r) => ncm.startsWith(r.ncm) && !r.excluded.some((x) => ncm.startsWith(x)));
  }

  /** The annex that lists the code ("Anexo I, item 1"), for the finding's text. */
  annexOf(code: string, date: string): string | null {
    return this.rowsOn(code, date)[0]?.annex ?? null;
  }

  /** True for the first item of a document met without the IBS/CBS group: one finding per document, not per item. */
  firstWithoutGroup(documentId: string): boolean {
    if (this.withoutGroup.has(documentId)) return false;
    if (this.withoutGroup.size >= 50_000) this.withoutGroup.clear();
    this.withoutGroup.add(documentId);
    return true;
  }

  /** The Tema 69 tally as it stands, to put back when a batch that added to it is rolled back. */
  savings(): { cents: number; items: number; document: SavingDocument | null } {
    return { cents: this.savingCents, items: this.savingItems, document: this.savingDocument };
  }

  restoreSavings(s: { cents: number; items: number; document: SavingDocument | null }) {
    this.savingCents = s.cents;
    this.savingItems = s.items;
    this.savingDocument = s.document;
  }

  /** An item's PIS/COFINS charged above the base without the ICMS (cents), kept for the import's one finding. */
  addSaving(cents: number, document: SavingDocument) {
    if (cents <= 0) return;
    this.savingCents += cents;
    this.savingItems++;
    if (!this.savingDocument || comesBefore(document, this.savingDocument)) this.savingDocument = document;
  }

  /**
   * The import's Tema 69 opportunity as one informative finding (STF RE 574.706; Lei 14.592/2023, art. 6º): the
   * R$ of PIS/COFINS its sales charged on a base with the ICMS, which the base without it would not have charged.
   * Attached to the earliest document that had it, by date and number (item 0: the whole import, not one item): the
   * same document whatever order the documents are audited in, so a new audit writes the same finding.
   */
  finding(): (FindingRow & { documentId: string; chave: string | null }) | null {
    if (this.savingCents <= 0 || !this.savingDocument) return null;
    return {
      documentId: this.savingDocument.id,
      chave: this.savingDocument.chave,
      productId: null,
      internalCode: '',
      nItem: 0,
      kind: 'oportunidade-pis-cofins',
      field: 'PIS/COFINS.vBC',
      expected: 'base sem o ICMS (STF, Tema 69)',
      found: `base com o ICMS em ${countOf(this.savingItems, 'item', 'itens')}`,
      difference: money(this.savingCents),
      rejection: null,
      severity: severityOf('oportunidade-pis-cofins', null),
      ruleCode: 'pis-cofins-tema-69',
    };
  }
}
