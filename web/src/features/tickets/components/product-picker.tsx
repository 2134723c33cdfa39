import { productStatusLabels } from '@app/contract';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTicketProducts } from '../api/get-ticket-products';
import type { TicketProduct } from '../lib/ticket-product';

interface Props {
  companyId: string;
  value: TicketProduct | null;
  onChange: (product: TicketProduct | null) => void;
}

/**
 * The product of a ticket opened from the list's add button: searched by description (500 ms debounce) among
 * the products of every status, each option saying its status (issue 38).
 */
export function ProductPicker({ companyId, value, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const products = useTicketProducts(companyId, debounced, debounced.length >= 2);
  const found = products.data?.objects ?? [];
  const options = [...(value ? [value] : []), ...found.filter((p) => p.id !== value?.id)];
  const statusOf = (id: string) => {
    const status = found.find((p) => p.id === id)?.status;
    return status ? ` (${productStatusLabels[status]})` : '';
  };
  return (
    <Select
      label="Produto"
      withAsterisk
      searchable
      clearable
      placeholder="Digite parte da descrição do produto"
      nothingFoundMessage={debounced.length >= 2 && !products.isFetching ? 'Nenhum produto encontrado' : undefined}
      rightSection={products.isFetching ? <Loader size="xs" /> : undefined}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options.map((p) => ({
        value: p.id,
        label: `${p.internalCode} - ${p.description}${statusOf(p.id)}`,
      }))}
      value={value?.id ?? null}
      onChange={(id) => {
        const chosen = options.find((p) => p.id === id);
        onChange(
          chosen
            ? { id: chosen.id, internalCode: chosen.internalCode, description: chosen.description, gtin: chosen.gtin }
            : null,
        );
      }}
    />
  );
}
