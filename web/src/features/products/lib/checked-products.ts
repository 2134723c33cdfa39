import { MAX_MARKED_PRODUCTS, productMessages } from '@app/contract';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

export const MAX_CHECKED = MAX_MARKED_PRODUCTS;
export const markingMessages = {
  overLimit: productMessages.markLimit,
  pagePartial: 'Não foram marcados todos os produtos dessa página! O limite de 300 produtos marcados foi atingido.',
  noneMarked: productMessages.markNone,
  // "Desvincular" (the spec's button) reads as unbinding: say that only the marks go (issue 13).
  confirmUncheckAll:
    'Deseja realmente desmarcar todos os produtos marcados? Somente as marcações são removidas: nenhum produto é desvinculado ou alterado.',
  uncheckedAll: 'Marcações removidas. Nenhum produto foi desvinculado ou alterado.',
} as const;

export interface CheckedProduct {
  id: string;
  internalCode: string;
  gtin: string | null;
  description: string;
  status: string;
}

/** Only Pending or InAudit products can be marked (spec 02 §4). */
export const isMarkable = (status: string) => status === 'Pending' || status === 'InAudit';

export type ToggleResult = { checked: CheckedProduct[]; refused?: 'overLimit' | 'notMarkable' };

export function toggleChecked(checked: CheckedProduct[], product: CheckedProduct): ToggleResult {
  if (checked.some((c) => c.id === product.id)) return { checked: checked.filter((c) => c.id !== product.id) };
  if (!isMarkable(product.status)) return { checked, refused: 'notMarkable' };
  if (checked.length >= MAX_CHECKED) return { checked, refused: 'overLimit' };
  return { checked: [...checked, pick(product)] };
}

/**
 * Page select-all (spec 02 §5): marks the page's Pending/InAudit products not yet marked, in
 * page order, and stops at 300. `isPartial` means some markable product stayed unmarked.
 */
export function checkPage(
  checked: CheckedProduct[],
  page: CheckedProduct[],
): { checked: CheckedProduct[]; isPartial: boolean } {
  const ids = new Set(checked.map((c) => c.id));
  const candidates = page.filter((p) => isMarkable(p.status) && !ids.has(p.id));
  const room = Math.max(0, MAX_CHECKED - checked.length);
  const added = candidates.slice(0, room).map(pick);
  return { checked: [...checked, ...added], isPartial: added.length < candidates.length };
}

/** Unmarks every product of the page (the header checkbox when the whole page is marked). */
export function uncheckPage(checked: CheckedProduct[], page: { id: string }[]): CheckedProduct[] {
  const ids = new Set(page.map((p) => p.id));
  return checked.filter((c) => !ids.has(c.id));
}

const pick = (p: CheckedProduct): CheckedProduct => ({
  id: p.id,
  internalCode: p.internalCode,
  gtin: p.gtin,
  description: p.description,
  status: p.status,
});

type Store = Record<string, CheckedProduct[]>;

/** Marked products are kept per company id under checkedProducts (spec 02 §3). */
export function loadCheckedProducts(companyId: string, storage: Storage = localStorage): CheckedProduct[] {
  const all = readJson<Store>(storage, storageKeys.checkedProducts, {});
  const list = all && typeof all === 'object' ? all[companyId] : undefined;
  return Array.isArray(list) ? list.slice(0, MAX_CHECKED) : [];
}

export function saveCheckedProducts(companyId: string, list: CheckedProduct[], storage: Storage = localStorage): void {
  const all = readJson<Store>(storage, storageKeys.checkedProducts, {});
  const next: Store = all && typeof all === 'object' && !Array.isArray(all) ? { ...all } : {};
  if (list.length) next[companyId] = list;
  else delete next[companyId];
  writeJson(storage, storageKeys.checkedProducts, next);
}
