import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { type GlobalSearchOptions, loadGlobalSearch, saveGlobalSearch, validateGlobalSearch } from './global-search';

/** A submitted search of the global or the finalized screen: the form's fields, text trimmed. */
export interface SubmittedGlobalSearch {
  uf: Exclude<GlobalSearchOptions['uf'], ''>;
  field: GlobalSearchOptions['field'];
  searchPattern: GlobalSearchOptions['searchPattern'];
  text: string;
}

/**
 * The search state both global screens share (spec 02 §2, §5): the form loaded from the last search
 * kept under `storageKey` (the UF fixed to the company's on a member path), the submitted search,
 * and its page. `submit` validates with the spec's messages, saves the options and starts at page 1.
 */
export function useGlobalSearch(storageKey: string | undefined, companyUf: string | undefined, fallbackUf = '') {
  const [form, setForm] = useState<GlobalSearchOptions>(() => {
    const saved = loadGlobalSearch(storageKey);
    return { ...saved, uf: (companyUf || saved.uf || fallbackUf) as GlobalSearchOptions['uf'] };
  });
  const [search, setSearch] = useState<SubmittedGlobalSearch | null>(null);
  const [page, setPage] = useState(1);

  const submit = () => {
    const problem = validateGlobalSearch(form);
    if (problem) return notify('warning', problem);
    saveGlobalSearch(form, storageKey);
    setPage(1);
    setSearch({
      uf: form.uf as SubmittedGlobalSearch['uf'],
      field: form.field,
      searchPattern: form.searchPattern,
      text: form.text.trim(),
    });
  };
  return { form, setForm, search, page, setPage, submit };
}
