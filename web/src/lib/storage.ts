/**
 * Browser storage keys of spec 01 §3 / spec 02 §3. Session data lives in sessionStorage;
 * company selection, domain, e-mail and search state in localStorage.
 */
export const storageKeys = {
  session: 'session', // sessionStorage: { name, role, token }
  selectedCompany: 'selectedCompany', // localStorage: { id, nomeFantasia, razaoSocial, document, uf }
  companyUf: 'uf',
  domain: 'domain', // localStorage: { urlLogo, displayName, displayNameShort }
  email: 'email',
  checkedProducts: 'checkedProducts',
  operationsSearchSettings: 'OperationsSearchSettings',
  productOperations: 'productOperations',
  selectedProductsPending: 'selectedProductsPending',
  searchHistory: 'searchHistory',
  globalProductsSearch: 'globalProductsSearch',
} as const;

export function readJson<T>(storage: Storage, key: string, fallback: T): T {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}
