import type { THealthFindingKind, THealthReport } from '@app/contract';
import { Badge, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';

interface Props {
  report: THealthReport | undefined;
  isLoading: boolean;
  selected: THealthFindingKind | null;
  onSelect: (kind: THealthFindingKind | null) => void;
}

/** One card per kind of finding with its count and the rejection it prevents; a click filters the list. */
export function HealthSummary({ report, isLoading, selected, onSelect }: Props) {
  if (isLoading) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={86} radius="md" data-testid="health-summary-skeleton" />
        ))}
      </SimpleGrid>
    );
  }
  const counts = report?.counts ?? [];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="health-summary">
      {counts.map((c) => (
        <Card
          key={c.kind}
          withBorder
          radius="md"
          padding="sm"
          style={{
            cursor: 'pointer',
            outline: selected === c.kind ? '2px solid var(--mantine-color-blue-5)' : undefined,
          }}
          onClick={() => onSelect(selected === c.kind ? null : c.kind)}
          data-testid={`health-card-${c.kind}`}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm" fw={500}>
              {c.label}
            </Text>
            <Text size="xl" fw={700} c={c.count > 0 ? 'red.7' : 'green.7'}>
              {formatNumber(c.count)}
            </Text>
          </Group>
          {/^\d+$/.test(c.rejection) ? (
            <Badge variant="light" color="gray" size="sm" mt="xs">
              Rejeição {c.rejection}
            </Badge>
          ) : (
            // Rules whose rejection number varies by UF are named by the rule, in full.
            <Text size="xs" c="dimmed" mt="xs">
              Regra: {c.rejection}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
