import type { TFiscalRuleGroup } from '@app/contract';
import { Radio, Skeleton, Table, Text } from '@mantine/core';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCest, formatNcm } from '../../../components/ui/fiscal-masks';

interface Props {
  groups: TFiscalRuleGroup[];
  /** Row number of the first group of the page (page − 1) × page size. */
  offset: number;
  isLoading: boolean;
  selectedKey: string | null;
  onSelect: (group: TFiscalRuleGroup) => void;
}

export const groupKeyOf = (g: { ncm: string; cest: string | null }) => `${g.ncm}|${g.cest ?? ''}`;

/** The (NCM, CEST) groups of one page; choosing a row (radio or click) loads its state rules. */
export function FiscalRulesTable({ groups, offset, isLoading, selectedKey, onSelect }: Props) {
  if (isLoading) {
    return (
      <div data-testid="rules-loading">
        {['s1', 's2', 's3', 's4', 's5', 's6'].map((k) => (
          <Skeleton key={k} height={28} mb={6} />
        ))}
      </div>
    );
  }
  if (groups.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Nenhuma regra fiscal encontrada.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover striped aria-label="Regras fiscais" data-testid="rules-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={50}>#</Table.Th>
            <Table.Th w={120}>NCM</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th w={100}>CEST</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g, i) => {
            const key = groupKeyOf(g);
            const isSelected = key === selectedKey;
            return (
              <Table.Tr
                key={key}
                {...clickableRowProps(() => onSelect(g))}
                aria-selected={isSelected}
                bg={isSelected ? 'var(--mantine-color-blue-light)' : undefined}
                data-ncm={g.ncm}
              >
                <Table.Td>{offset + i + 1}</Table.Td>
                <Table.Td>{formatNcm(g.ncm)}</Table.Td>
                <Table.Td>
                  {/* Official NCM descriptions run to several lines: two, the rest on hover. */}
                  <Text size="sm" lineClamp={2} title={g.ncmDescription ?? undefined}>
                    {g.ncmDescription ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{formatCest(g.cest)}</Table.Td>
                <Table.Td>
                  <Radio
                    aria-label={`Selecionar NCM ${formatNcm(g.ncm)}${g.cest ? ` CEST ${formatCest(g.cest)}` : ''}`}
                    checked={isSelected}
                    onChange={() => onSelect(g)}
                    onClick={(e) => e.stopPropagation()}
                    name="fiscal-rule-group"
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
