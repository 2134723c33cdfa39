import type { TDocumentFindingKind, TDocumentFindingSeverity } from '@app/contract';
import type { FindingRow } from '../documents.repository.js';

/** Records one finding of the item being audited; `extra` sets the amount, rejection, severity or rule. */
export type Add = (
  kind: TDocumentFindingKind,
  field: string,
  expected: unknown,
  found: unknown,
  extra?: Partial<FindingRow>,
) => void;

/** Kinds that never mean tax paid wrong: an opportunity or a catalogue rule to update. */
const informative = new Set<TDocumentFindingKind>(['regra-desatualizada', 'oportunidade-pis-cofins']);

/**
 * Decision 058: a finding SEFAZ would reject is `rejeicao` (its cStat in `rejection`); an opportunity or a rule to
 * update is `informativo`; the rest — the tax due differs, or the document says something the law does not — `risco`.
 */
export function severityOf(kind: TDocumentFindingKind, rejection: string | null): TDocumentFindingSeverity {
  if (rejection) return 'rejeicao';
  return informative.has(kind) ? 'informativo' : 'risco';
}

/** The list of one item's findings and the `add` that fills it (defaults: no amount, severity by kind). */
export function findingCollector(base: Pick<FindingRow, 'productId' | 'internalCode' | 'nItem'>) {
  const out: FindingRow[] = [];
  const add: Add = (kind, field, exp, found, extra = {}) => {
    const rejection = extra.rejection ?? null;
    out.push({
      ...base,
      kind,
      field,
      expected: exp == null || exp === '' ? null : String(exp),
      found: found == null || found === '' ? null : String(found),
      difference: null,
      rejection,
      severity: severityOf(kind, rejection),
      ruleCode: rejection,
      ...extra,
    });
  };
  return { out, add };
}
