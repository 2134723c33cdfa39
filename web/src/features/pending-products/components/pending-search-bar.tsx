import { pendingSearchFields, searchPatterns } from '@app/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { usePartnerCompanies } from '../../companies/api/partner-get-companies';
import type { PendingQuery } from '../api/get-pending-products';

interface Props {
  isSearching: boolean;
  onSearch: (query: Omit<PendingQuery, 'page'>) => void;
}

const ALL = '';

/** Tab Produtos' search (spec 02 §2): company, field, filter and text (optional: empty lists all); off while one runs. */
export function PendingSearchBar({ isSearching, onSearch }: Props) {
  const companies = usePartnerCompanies();
  const [companyId, setCompanyId] = useState(ALL);
  const [field, setField] = useState<string>('Descrição');
  const [searchPattern, setSearchPattern] = useState<string>('INICIA COM');
  const [text, setText] = useState('');

  // An empty text lists every pending product of the chosen company (or all), newest first (issue 38).
  const submit = () => onSearch({ companyId, field, searchPattern, text: text.trim() });

  const companyOptions = [
    { value: ALL, label: 'Todas as empresas' },
    ...(companies.data ?? []).map((c) => ({ value: c.id, label: `${c.nomeFantasia} (${c.uf})` })),
  ];
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Empresa"
        data={companyOptions}
        value={companyId}
        onChange={(v) => setCompanyId(v ?? ALL)}
        searchable
        allowDeselect={false}
        w={280}
      />
      <Select
        label="Campo"
        data={[...pendingSearchFields]}
        value={field}
        onChange={(v) => setField(v ?? 'Descrição')}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Filtro"
        data={[...searchPatterns]}
        value={searchPattern}
        onChange={(v) => setSearchPattern(v ?? 'INICIA COM')}
        allowDeselect={false}
        w={150}
      />
      <TextInput
        label="Texto"
        aria-label="Texto da pesquisa"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !isSearching) submit();
        }}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button leftSection={<IconSearch size={16} />} onClick={submit} disabled={isSearching} loading={isSearching}>
        Pesquisar
      </Button>
    </Group>
  );
}
