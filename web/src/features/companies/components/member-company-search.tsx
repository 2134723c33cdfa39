import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 500;

/** Applies the typed text on Enter, on the button, or 500 ms after the last keystroke (spec 01 §2). */
export function MemberCompanySearch({ onSearch }: { onSearch: (term: string) => void }) {
  const [value, setValue] = useState('');
  useEffect(() => {
    const t = setTimeout(() => onSearch(value), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value, onSearch]);
  return (
    <TextInput
      placeholder="Pesquisar Empresas pelo nome fantasia"
      aria-label="Pesquisar Empresas pelo nome fantasia"
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(value);
      }}
      rightSection={
        <ActionIcon variant="subtle" aria-label="Pesquisar" onClick={() => onSearch(value)}>
          <IconSearch size={16} />
        </ActionIcon>
      }
      w={{ base: '100%', sm: 380 }}
    />
  );
}
