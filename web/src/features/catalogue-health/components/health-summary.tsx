import type { THealthFindingKind, THealthReport } from '@app/contract';
import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';

interface Props {
  report: THealthReport | undefined;
  isLoading: boolean;
  selected: THealthFindingKind | null;
  onSelect: (kind: THealthFindingKind | null) => void;
  /** Opens the products list filtered by the finding (the count is a link). */
  onOpenProducts: (kind: THealthFindingKind) => void;
}

/** One card per kind of finding with its count and the rejection it prevents; a click filters the list. */
export function HealthSummary({ report, isLoading, selected, onSelect, onOpenProducts }: Props) {
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
            {c.count > 0 ? (
              <Anchor
                component="button"
                type="button"
                size="xl"
                fw={700}
                c="red"
                title="Ver os produtos com este achado"
                data-testid={`health-products-${c.kind}`}
                onClick={(e) => {
                  // The card's own click filters the findings below; the count opens the products list.
                  e.stopPropagation();
                  onOpenProducts(c.kind);
                }}
              >
                {formatNumber(c.count)}
              </Anchor>
            ) : (
              <Text size="xl" fw={700} c="green">
                {formatNumber(c.count)}
              </Text>
            )}
          </Group>
          {/^\d+( · [\w.-]+)?$/.test(c.rejection) ? (
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
