import { pendingMessages, type TPendingGlobalProduct } from '@app/contract';
import { useCallback, useState } from 'react';
import { notify } from '../../../lib/notify';
import { readSelection, type SelectedPending, toggleSelected, toSelected, writeSelection } from './pending-selection';

/** The checked pending products, kept in local storage (selectedProductsPending) across visits. */
export function usePendingSelection() {
  const [selection, setSelection] = useState<SelectedPending[]>(readSelection);
  const save = useCallback((next: SelectedPending[]) => {
    writeSelection(next);
    setSelection(next);
  }, []);
  const toggle = (row: TPendingGlobalProduct) => {
    const out = toggleSelected(selection, toSelected(row));
    if (out.refused) notify('warning', pendingMessages.tooMany);
    else save(out.selection);
  };
  const ids = new Set(selection.map((s) => s.idProduct));
  return {
    selection,
    has: (id: string) => ids.has(id),
    toggle,
    unmark: (id: string) => save(selection.filter((s) => s.idProduct !== id)),
    clear: () => save([]),
  };
}
