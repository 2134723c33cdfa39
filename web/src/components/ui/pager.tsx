import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { formatNumber } from './format';

interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** The middle label; spec 02 words it per screen ("1 de 3", "página 1 de 3"). */
  formatLabel?: (page: number, total: number) => string;
  ariaLabel?: string;
  testId?: string;
}

/** First, previous, label, next, last; the page count is at least one (spec 02 §9). */
export function Pager({ page, pages, onChange, formatLabel, ariaLabel = 'Paginação', testId }: Props) {
  const total = Math.max(1, pages);
  const isFirst = page <= 1;
  const isLast = page >= total;
  return (
    <Group gap={4} justify="center" aria-label={ariaLabel}>
      <ActionIcon variant="subtle" aria-label="Primeira página" disabled={isFirst} onClick={() => onChange(1)}>
        <IconChevronsLeft size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label="Página anterior" disabled={isFirst} onClick={() => onChange(page - 1)}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text size="sm" data-testid={testId} px="xs">
        {formatLabel ? formatLabel(page, total) : `${formatNumber(page)} de ${formatNumber(total)}`}
      </Text>
      <ActionIcon variant="subtle" aria-label="Próxima página" disabled={isLast} onClick={() => onChange(page + 1)}>
        <IconChevronRight size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label="Última página" disabled={isLast} onClick={() => onChange(total)}>
        <IconChevronsRight size={18} />
      </ActionIcon>
    </Group>
  );
}

/**
 * Rows deleted elsewhere (or by an action on the last page) can leave a list on a page past its last one,
 * with an empty table and a pager that cannot go back: go to the last page once the answer tells how many.
 */
export function useStayWithinLastPage(page: number, pages: number | undefined, goTo: (page: number) => void) {
  useEffect(() => {
    if (pages && page > pages) goTo(pages);
  }, [page, pages, goTo]);
}
