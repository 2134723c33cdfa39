import { documentImportStatusLabels, type TDocumentImport } from '@app/contract';

/**
 * The status an analyst reads (issue 37): the API keeps `Done` with its counts, the screen says whether it imported
 * nothing (red) or came with problems (orange) instead of a green "Concluída" for both.
 */
export function importStatusOf(i: Pick<TDocumentImport, 'status' | 'documents' | 'errors' | 'productsCreated'>): {
  label: string;
  color: string;
} {
  if (i.status === 'Done' && i.documents === 0 && i.productsCreated === 0)
    return { label: 'Nada importado', color: 'red' };
  if (i.status === 'Done' && i.errors > 0) return { label: 'Concluída com problemas', color: 'orange' };
  const colors: Record<string, string> = { Queued: 'gray', Running: 'yellow', Done: 'green', Failed: 'red' };
  return { label: documentImportStatusLabels[i.status], color: colors[i.status] ?? 'orange' };
}
