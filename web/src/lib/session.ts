import type { Role } from '@app/contract';
import { readJson, storageKeys, writeJson } from './storage';

export interface Session {
  name: string;
  role: Role;
  token: string;
}

export interface SelectedCompany {
  id: string;
  nomeFantasia?: string;
  razaoSocial?: string;
  document?: string;
  uf?: string;
}

export const DEFAULT_COMPANY: SelectedCompany = { id: 'default' };

export const getSession = (): Session | null => readJson<Session | null>(sessionStorage, storageKeys.session, null);
export const setSession = (s: Session) => writeJson(sessionStorage, storageKeys.session, s);

export const getSelectedCompany = (): SelectedCompany =>
  readJson<SelectedCompany>(localStorage, storageKeys.selectedCompany, DEFAULT_COMPANY);
export const hasSelectedCompany = () => getSelectedCompany().id !== 'default';
export function setSelectedCompany(c: SelectedCompany): void {
  writeJson(localStorage, storageKeys.selectedCompany, c);
  localStorage.setItem(storageKeys.companyUf, c.uf ?? '');
}

/** Logout clears the name (session) and the selected company (spec 01 §4). */
export function clearSession(): void {
  sessionStorage.removeItem(storageKeys.session);
  setSelectedCompany(DEFAULT_COMPANY);
}
