import type { TProduct } from '@app/contract';
import { useCallback, useMemo, useState } from 'react';
import { notify } from '../../../lib/notify';
import {
  type CheckedProduct,
  checkPage,
  isMarkable,
  loadCheckedProducts,
  markingMessages,
  saveCheckedProducts,
  toggleChecked,
  uncheckPage,
} from '../lib/checked-products';

/** Marked products of the selected company, kept in localStorage as they change (spec 02 §3, §5). */
export function useCheckedProducts(companyId: string) {
  const [checked, setChecked] = useState<CheckedProduct[]>(() => loadCheckedProducts(companyId));
  const checkedIds = useMemo(() => new Set(checked.map((c) => c.id)), [checked]);

  const update = useCallback(
    (next: CheckedProduct[]) => {
      saveCheckedProducts(companyId, next);
      setChecked(next);
    },
    [companyId],
  );

  const toggle = (product: TProduct) => {
    const result = toggleChecked(checked, product);
    if (result.refused === 'overLimit') notify('error', markingMessages.overLimit);
    else update(result.checked);
  };

  /** Header checkbox: unmarks the page when all of its markable products are marked, else marks. */
  const togglePage = (page: TProduct[]) => {
    const markable = page.filter((p) => isMarkable(p.status));
    if (markable.length > 0 && markable.every((p) => checkedIds.has(p.id))) return update(uncheckPage(checked, page));
    const result = checkPage(checked, page);
    if (result.isPartial) notify('warning', markingMessages.pagePartial, 5000);
    update(result.checked);
  };

  const uncheck = (id: string) => update(checked.filter((c) => c.id !== id));

  return { checked, checkedIds, toggle, togglePage, uncheck, clear: () => update([]) };
}
