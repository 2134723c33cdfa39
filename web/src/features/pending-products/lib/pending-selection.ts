import { MAX_MARKED_PRODUCTS, type TPendingGlobalProduct } from '@app/contract';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/** A checked pending product as kept in local storage (spec 02 §3 keys, plus company name and UF for Resumo). */
export interface SelectedPending {
  idProduct: string;
  idCompany: string;
  internalCode: string;
  gtin: string | null;
  description: string;
  companyName: string;
  companyUf: string;
}

export const readSelection = (): SelectedPending[] =>
  readJson<SelectedPending[]>(localStorage, storageKeys.selectedProductsPending, []);
export const writeSelection = (s: SelectedPending[]) => writeJson(localStorage, storageKeys.selectedProductsPending, s);

export const toSelected = (p: TPendingGlobalProduct): SelectedPending => ({
  idProduct: p.idProduct,
  idCompany: p.idCompany,
  internalCode: p.internalCode,
  gtin: p.gtin,
  description: p.descriptionProduct,
  companyName: p.descriptionCompany,
  companyUf: p.companyUf,
});

/** Checks or unchecks one product; over 300 checked is refused (spec 02 §9). */
export function toggleSelected(
  selection: SelectedPending[],
  item: SelectedPending,
): { selection: SelectedPending[]; refused?: boolean } {
  if (selection.some((s) => s.idProduct === item.idProduct)) {
    return { selection: selection.filter((s) => s.idProduct !== item.idProduct) };
  }
  if (selection.length >= MAX_MARKED_PRODUCTS) return { selection, refused: true };
  return { selection: [...selection, item] };
}

export interface CompanySummary {
  idCompany: string;
  companyName: string;
  companyUf: string;
  count: number;
}

/** Tab Resumo: per company, its UF and how many of its products are checked. */
export function summarize(selection: SelectedPending[]): CompanySummary[] {
  const byCompany = new Map<string, CompanySummary>();
  for (const s of selection) {
    const found = byCompany.get(s.idCompany);
    if (found) found.count++;
    else
      byCompany.set(s.idCompany, {
        idCompany: s.idCompany,
        companyName: s.companyName,
        companyUf: s.companyUf,
        count: 1,
      });
  }
  return [...byCompany.values()].sort((a, b) => a.companyName.localeCompare(b.companyName, 'pt-BR'));
}

/** The page input keeps digits only and refuses numbers above the last page (spec 02 §5). */
export function parsePageInput(typed: string, pages: number): { text: string; page: number | null } {
  const text = typed.replace(/\D/g, '');
  if (!text) return { text, page: null };
  const n = Number(text);
  if (n > pages) return { text: String(pages), page: null };
  return { text, page: n >= 1 ? n : null };
}
