import { Skeleton, Table, Text } from '@mantine/core';

interface Props {
  columns: number;
  isLoading: boolean;
  isEmpty: boolean;
  emptyText: string;
  /** data-testid of each skeleton row (browser tests wait for them to go). */
  skeletonTestId?: string;
}

/** Skeleton rows while a table loads, then its empty-state row when there is nothing to show. */
export function TablePlaceholderRows({ columns, isLoading, isEmpty, emptyText, skeletonTestId }: Props) {
  if (isLoading) {
    return [0, 1, 2, 3, 4].map((i) => (
      <Table.Tr key={i} data-testid={skeletonTestId}>
        {Array.from({ length: columns }, (_, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells, never reordered
          <Table.Td key={c}>
            <Skeleton h={14} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }
  if (!isEmpty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="lg">
          {emptyText}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
