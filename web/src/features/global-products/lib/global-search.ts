import { globalProductMessages, type TGlobalSearchField, type TSearchPattern, type Uf } from '@app/contract';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/** The global screen's search (spec 02 §2, §5), kept in localStorage as the last search (uf, field, searchPattern). */
export interface GlobalSearchOptions {
  uf: Uf | '';
  field: TGlobalSearchField;
  searchPattern: TSearchPattern;
  text: string;
}

export const globalFieldOptions: { value: TGlobalSearchField; label: string }[] = [
  { value: 'Descrição', label: 'Descrição' },
  { value: 'GTIN', label: 'GTIN' },
  { value: 'NCM', label: 'NCM' },
];

/** Spec 02 §9 global products: 1 INICIA COM, 2 IGUAL, 3 SIMILAR. */
export const globalPatternOptions: TSearchPattern[] = ['INICIA COM', 'IGUAL', 'SIMILAR'];
/** Spec 02 §9 finalized screen: 1 IGUAL, 2 INICIA COM, 3 TERMINA COM, 4 SIMILAR. */
export const finalizedPatternOptions: TSearchPattern[] = ['IGUAL', 'INICIA COM', 'TERMINA COM', 'SIMILAR'];

export const defaultGlobalSearch: GlobalSearchOptions = {
  uf: '',
  field: 'Descrição',
  searchPattern: 'INICIA COM',
  text: '',
};

/** Fields other than Descrição always search with INICIA COM (spec 02 §5). */
export function withFieldRules(o: GlobalSearchOptions): GlobalSearchOptions {
  return o.field === 'Descrição' ? o : { ...o, searchPattern: 'INICIA COM' };
}

/** The first validation message of spec 02 §5 the options break, or null. */
export function validateGlobalSearch(o: GlobalSearchOptions): string | null {
  if (!o.uf) return globalProductMessages.ufRequired;
  if (!o.text.trim()) return globalProductMessages.textRequired;
  if (o.field !== 'Descrição' && !/^[\d.\s]+$/.test(o.text.trim())) return globalProductMessages.digitsOnly;
  return null;
}

/** Last search options; the text is kept too so returning to the screen shows the same page. */
export function loadGlobalSearch(key: string = storageKeys.globalProductsSearch, storage: Storage = localStorage) {
  const saved = readJson<Partial<GlobalSearchOptions>>(storage, key, {});
  const merged = { ...defaultGlobalSearch, ...(saved && typeof saved === 'object' ? saved : {}) };
  return withFieldRules(merged);
}

export function saveGlobalSearch(
  o: GlobalSearchOptions,
  key: string = storageKeys.globalProductsSearch,
  storage: Storage = localStorage,
) {
  writeJson(storage, key, o);
}
