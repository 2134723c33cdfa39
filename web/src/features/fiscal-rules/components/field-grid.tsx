import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type FieldItem = [label: string, value: ReactNode];

/** Read-only label/value cards used by the rule and operation modals. */
export function FieldGrid({ title, items, cols = 4 }: { title?: string; items: FieldItem[]; cols?: number }) {
  return (
    <Paper withBorder p="sm" aria-label={title}>
      {title && (
        <Title order={3} size="h6" mb="xs">
          {title}
        </Title>
      )}
      <SimpleGrid cols={{ base: 2, sm: cols }} spacing="xs" verticalSpacing="xs">
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value === null || value === undefined || value === '' ? '-' : value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

export const yesNo = (v: boolean | null | undefined) => (v ? 'Sim' : 'Não');
