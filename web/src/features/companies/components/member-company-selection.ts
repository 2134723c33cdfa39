import type { TCompany } from '@app/contract';
import { DEFAULT_COMPANY, type SelectedCompany } from '../../../lib/session';

export const BLOCKED_MESSAGE = 'Empresa bloqueada! Verifique com o suporte.';
export const INVALID_MESSAGE = 'Empresa inválida!';

/** Case-insensitive "contains" on nome fantasia (spec 01 §2). */
export function filterByNomeFantasia<T extends Pick<TCompany, 'nomeFantasia'>>(companies: T[], term: string): T[] {
  const needle = term.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return companies;
  return companies.filter((c) => c.nomeFantasia.toLocaleLowerCase('pt-BR').includes(needle));
}

/** What is kept locally under selectedCompany (spec 01 §3). */
export function toSelectedCompany(c: TCompany): SelectedCompany {
  return { id: c.id, nomeFantasia: c.nomeFantasia, razaoSocial: c.razaoSocial, document: c.document, uf: c.uf };
}

/** A remembered selection that is no longer in the list falls back to 'default' (spec 01 §4). */
export function reconcileSelection(stored: SelectedCompany, companies: Pick<TCompany, 'id'>[]): SelectedCompany {
  if (stored.id === DEFAULT_COMPANY.id) return stored;
  return companies.some((c) => c.id === stored.id) ? stored : DEFAULT_COMPANY;
}
