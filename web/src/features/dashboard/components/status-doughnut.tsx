import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber, percentOf } from '../../../components/ui/format';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

interface Props {
  title: string;
  slices: Slice[] | undefined;
  /** Extra control in the header (the Regras/Produtos switch). */
  action?: ReactNode;
  testId: string;
}

/** A doughnut with a pt-BR legend (count and share) under it; a grey ring when everything is zero. */
export function StatusDoughnut({ title, slices, action, testId }: Props) {
  const total = slices?.reduce((a, s) => a + s.value, 0) ?? 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {slices ? (
        <Stack align="center" gap="sm">
          <DonutChart
            size={150}
            thickness={22}
            data={total > 0 ? slices : [{ name: 'Sem dados', value: 1, color: 'gray.3' }]}
            withTooltip={total > 0}
            tooltipDataSource="segment"
            valueFormatter={(v) => formatNumber(v)}
            chartLabel={formatNumber(total)}
          />
          <Stack gap={4} w="100%">
            {slices.map((s) => (
              <Group key={s.name} justify="space-between" gap="xs" wrap="nowrap" data-testid="legend-item">
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={12} />
                  <Text size="sm">{s.name}</Text>
                </Group>
                <Text size="sm" fw={500}>
                  {formatNumber(s.value)}{' '}
                  <Text span size="xs" c="dimmed">
                    ({formatNumber(percentOf(s.value, total), 2)}%)
                  </Text>
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Box data-testid="dashboard-skeleton">
          <Skeleton circle height={150} mx="auto" />
          <Skeleton height={12} mt="md" />
          <Skeleton height={12} mt={6} />
        </Box>
      )}
    </Paper>
  );
}
