import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatNumber } from './format';

interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  ariaLabel?: string;
}

/**
 * Pager with a page-number input (spec 02 §2 global products, pending products): "de {pages}",
 * Enter jumps to the typed page (digits only, 1..pages); the back controls show only past page 1
 * and the forward controls only before the last page.
 */
export function PageInputPager({ page, pages, onChange, ariaLabel = 'Paginação' }: Props) {
  const total = Math.max(1, pages);
  const [typed, setTyped] = useState<string | number>(page);
  useEffect(() => setTyped(page), [page]);

  const jump = () => {
    const n = Number(typed);
    if (Number.isInteger(n) && n >= 1 && n <= total && n !== page) onChange(n);
    else setTyped(page);
  };

  return (
    <Group gap={4} justify="center" aria-label={ariaLabel}>
      {page > 1 && (
        <>
          <ActionIcon variant="subtle" aria-label="Primeira página" onClick={() => onChange(1)}>
            <IconChevronsLeft size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label="Página anterior" onClick={() => onChange(page - 1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        </>
      )}
      <NumberInput
        aria-label="Página"
        w={70}
        size="xs"
        min={1}
        max={total}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        clampBehavior="strict"
        value={typed}
        onChange={setTyped}
        onKeyDown={(e) => {
          if (e.key === 'Enter') jump();
        }}
        onBlur={() => setTyped(page)}
      />
      <Text size="sm" data-testid="page-input-pager-total">
        de {formatNumber(total)}
      </Text>
      {page < total && (
        <>
          <ActionIcon variant="subtle" aria-label="Próxima página" onClick={() => onChange(page + 1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label="Última página" onClick={() => onChange(total)}>
            <IconChevronsRight size={18} />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}
