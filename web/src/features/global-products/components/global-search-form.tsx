import { type TGlobalSearchField, type TSearchPattern, type Uf, ufs } from '@app/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type GlobalSearchOptions, globalFieldOptions, withFieldRules } from '../lib/global-search';

interface Props {
  value: GlobalSearchOptions;
  onChange: (next: GlobalSearchOptions) => void;
  onSearch: () => void;
  patterns: TSearchPattern[];
  /** Member side: the company's UF, loaded and fixed (spec 02 §5). */
  isUfFixed: boolean;
  isSearching?: boolean;
}

/** UF, Campo, Filtro (Descrição only), text and Pesquisar (also Enter): spec 02 §2 / §5. */
export function GlobalSearchForm({ value, onChange, onSearch, patterns, isUfFixed, isSearching }: Props) {
  const set = (patch: Partial<GlobalSearchOptions>) => onChange(withFieldRules({ ...value, ...patch }));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="UF"
        w={90}
        data={[...ufs]}
        value={value.uf || null}
        disabled={isUfFixed}
        onChange={(v) => set({ uf: (v ?? '') as Uf | '' })}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Campo"
        w={130}
        data={globalFieldOptions}
        value={value.field}
        onChange={(v) => v && set({ field: v as TGlobalSearchField })}
        allowDeselect={false}
      />
      <Select
        label="Filtro"
        w={150}
        data={patterns}
        value={value.searchPattern}
        disabled={value.field !== 'Descrição'}
        onChange={(v) => v && set({ searchPattern: v as TSearchPattern })}
        allowDeselect={false}
      />
      <TextInput
        label="Pesquisa"
        flex={1}
        miw={220}
        placeholder={value.field === 'Descrição' ? 'Descrição do produto' : 'Somente números'}
        value={value.text}
        onChange={(e) => set({ text: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch();
        }}
      />
      <Button leftSection={<IconSearch size={16} />} onClick={onSearch} loading={isSearching}>
        Pesquisar
      </Button>
    </Group>
  );
}
