import { documentImportOutcomeLabels, documentImportStatusLabels, type TDocumentImport } from '@app/contract';

const outcomeColors = { imported: 'green', problems: 'orange', nothing: 'red' } as const;
const statusColors: Record<TDocumentImport['status'], string> = {
  Queued: 'gray',
  Running: 'yellow',
  Done: 'green',
  Failed: 'red',
  Interrupted: 'orange',
};

/**
 * The status an analyst reads (issue 37): the API keeps `Done` with its counts and says how it ended (`outcome`); the
 * screen shows an import that added nothing as "Nada importado" (red) and one with refusals as "Concluída com
 * problemas" (orange) instead of a green "Concluída" for both.
 */
export function importStatusOf(i: Pick<TDocumentImport, 'status' | 'outcome'>): { label: string; color: string } {
  if (i.status === 'Done' && i.outcome)
    return { label: documentImportOutcomeLabels[i.outcome], color: outcomeColors[i.outcome] };
  return { label: documentImportStatusLabels[i.status], color: statusColors[i.status] };
}
