import type { TIndicators } from '@app/contract';
import { Group, Paper, Progress, SimpleGrid, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { formatNumber, percentOf } from '../../../components/ui/format';
import { type CardKind, cardKinds, minimumShare } from '../lib/indicator-cards';

interface Props {
  products: TIndicators['productsIndicators'];
  isMember: boolean;
  onOpen: (kind: CardKind) => void;
}

/** Panel Produtos (spec 01 §2): total, the stacked bar (1% minimum for a nonzero share) and the cards. */
export function ProductsPanel({ products, isMember, onOpen }: Props) {
  // Members never see products in audit (spec 01 §6): neither the card nor its share of the bar.
  const kinds = cardKinds.filter((k) => !(isMember && k.key === 'inAudit'));
  return (
    <Paper withBorder radius="md" p="md" data-testid="products-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Produtos
        </Title>
        <Text size="sm">
          Total:{' '}
          <Text span fw={700} data-testid="products-total">
            {formatNumber(products.amount)}
          </Text>
        </Text>
      </Group>
      <Progress.Root size={22} mb="md">
        {kinds.map((k) => {
          const share = minimumShare(products[k.key], products.amount);
          return share > 0 ? (
            <Tooltip key={k.key} label={`${k.title}: ${formatNumber(percentOf(products[k.key], products.amount), 2)}%`}>
              <Progress.Section value={share} color={k.color} aria-label={k.title} data-testid={`bar-${k.key}`} />
            </Tooltip>
          ) : null;
        })}
      </Progress.Root>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: kinds.length }}>
        {kinds.map((k) => (
          <UnstyledButton key={k.key} onClick={() => onOpen(k.key)} data-testid={`card-${k.key}`}>
            <Paper withBorder radius="md" p="md" style={{ borderLeft: `6px solid ${k.color}` }}>
              <Text fw={700}>{k.title}</Text>
              <Text size="xs" c="dimmed" mih={34}>
                {k.text}
              </Text>
              <Group justify="space-between" mt="xs">
                <Text fz={24} fw={700}>
                  {formatNumber(products[k.key])}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatNumber(percentOf(products[k.key], products.amount), 2)}%
                </Text>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
