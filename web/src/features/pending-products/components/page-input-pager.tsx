import { Group, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../components/ui/format';
import { Pager } from '../../../components/ui/pager';
import { parsePageInput } from '../lib/pending-selection';

interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Pager with a page input: digits only, numbers above the last page refused; Enter jumps. */
export function PageInputPager({ page, pages, onChange }: Props) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);
  return (
    <Group justify="center" gap="xs">
      <Pager page={page} pages={pages} onChange={onChange} />
      <TextInput
        aria-label="Ir para a página"
        w={70}
        size="xs"
        value={typed}
        onChange={(e) => setTyped(parsePageInput(e.currentTarget.value, pages).text)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          const { page: target } = parsePageInput(typed, pages);
          if (target) onChange(target);
        }}
      />
      <Text size="sm">de {formatNumber(Math.max(1, pages))}</Text>
    </Group>
  );
}
