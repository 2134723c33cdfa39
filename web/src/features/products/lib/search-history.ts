import { readJson, storageKeys, writeJson } from '../../../lib/storage';
import type { ProductSearchOptions } from './search-options';

export const HISTORY_SIZE = 10;

/** Two searches are the same entry when every option is equal (key order does not matter). */
const keyOf = (o: ProductSearchOptions) =>
  JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k as keyof ProductSearchOptions] ?? null]),
  );

/** spec 02 §5: 10 distinct entries, newest first; repeating a search moves it to the top. */
export function addToHistory(history: ProductSearchOptions[], entry: ProductSearchOptions): ProductSearchOptions[] {
  const key = keyOf(entry);
  return [entry, ...history.filter((h) => keyOf(h) !== key)].slice(0, HISTORY_SIZE);
}

export function loadSearchHistory(storage: Storage = localStorage): ProductSearchOptions[] {
  const list = readJson<unknown>(storage, storageKeys.searchHistory, []);
  return Array.isArray(list) ? (list as ProductSearchOptions[]).slice(0, HISTORY_SIZE) : [];
}

export function saveSearch(entry: ProductSearchOptions, storage: Storage = localStorage): ProductSearchOptions[] {
  const next = addToHistory(loadSearchHistory(storage), entry);
  writeJson(storage, storageKeys.searchHistory, next);
  return next;
}
