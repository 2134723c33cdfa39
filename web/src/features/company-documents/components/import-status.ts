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
 * The status an analyst reads (issue 37): the API keeps `Done` with its counts and says in `outcome` whether it
 * imported nothing (red "Nada importado") or came with problems (orange "Concluída com problemas") instead of a green
 * "Concluída" for both; the screen and the import picker show that word.
 */
export function importStatusOf(i: Pick<TDocumentImport, 'status' | 'outcome'>): { label: string; color: string } {
  if (i.status === 'Done' && i.outcome)
    return { label: documentImportOutcomeLabels[i.outcome], color: outcomeColors[i.outcome] };
  return { label: documentImportStatusLabels[i.status], color: statusColors[i.status] };
}
