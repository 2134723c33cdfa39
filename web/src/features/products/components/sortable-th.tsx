import type { TProductSortField } from '@app/contract';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ProductSort {
  field: TProductSortField;
  order: 'asc' | 'desc';
}

export const defaultProductSort: ProductSort = { field: 'updatedAt', order: 'desc' };

/** A second click on the sorted column reverses it; a new column starts ascending (dates newest first). */
export function nextProductSort(current: ProductSort, field: TProductSortField): ProductSort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: field === 'updatedAt' ? 'desc' : 'asc' };
}

interface Props {
  field: TProductSortField;
  sort: ProductSort;
  onSort: (field: TProductSortField) => void;
  children: ReactNode;
  w?: number;
  /** Least width: the description column keeps room for its text instead of wrapping word by word. */
  miw?: number;
}

/** Column header that orders the list by its column and shows the order in use (issue 13). */
export function SortableTh({ field, sort, onSort, children, w, miw }: Props) {
  const isActive = sort.field === field;
  const Icon = !isActive ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th w={w} miw={miw} aria-sort={isActive ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(field)}
        fw={700}
        fz="sm"
        // The label may wrap ("Código / interno") like the plain headers: at 1366 px the staff's marking column
        // and the actions must fit beside a readable description (issue 13).
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, textAlign: 'left' }}
      >
        {children}
        <Icon size={14} opacity={isActive ? 1 : 0.4} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
