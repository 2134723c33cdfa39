import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';

interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Pager of spec 02 §2: first, previous, "página x de y", next, last (at least one page). */
export function ProductsPager({ page, pages, onChange }: Props) {
  const total = Math.max(1, pages);
  const isFirst = page <= 1;
  const isLast = page >= total;
  return (
    <Group gap={4} justify="center" aria-label="Paginação de produtos">
      <ActionIcon variant="subtle" aria-label="Primeira página" disabled={isFirst} onClick={() => onChange(1)}>
        <IconChevronsLeft size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label="Página anterior" disabled={isFirst} onClick={() => onChange(page - 1)}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text size="sm" px="xs" data-testid="products-pager-label">
        página {page} de {total}
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
