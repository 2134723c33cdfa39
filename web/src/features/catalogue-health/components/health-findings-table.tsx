import { healthFindingInfo, type THealthFinding } from '@app/contract';
import { Table, Text } from '@mantine/core';
import { maskCodesInText } from '../../../components/ui/fiscal-masks';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';

interface Props {
  items: THealthFinding[];
  isLoading: boolean;
  emptyText: string;
}

/** The findings of one page: product, what is wrong, the rejection it prevents and how to fix it. */
export function HealthFindingsTable({ items, isLoading, emptyText }: Props) {
  return (
    <Table striped withTableBorder verticalSpacing="xs" data-testid="health-findings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Código Interno</Table.Th>
          <Table.Th>Descrição</Table.Th>
          <Table.Th>Achado</Table.Th>
          <Table.Th>Rejeição evitada</Table.Th>
          <Table.Th>Como corrigir</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <TablePlaceholderRows
          columns={5}
          isLoading={isLoading}
          isEmpty={items.length === 0}
          emptyText={emptyText}
          skeletonTestId="health-findings-skeleton"
        />
        {!isLoading &&
          items.map((f) => (
            <Table.Tr key={`${f.productId}-${f.kind}`}>
              <Table.Td>{f.internalCode}</Table.Td>
              <Table.Td>{f.description}</Table.Td>
              <Table.Td>
                <Text size="sm">{healthFindingInfo[f.kind].label}</Text>
                {f.detail && (
                  <Text size="xs" c="dimmed">
                    {maskCodesInText(f.detail)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{f.rejection}</Table.Td>
              <Table.Td>
                <Text size="sm">{f.fix}</Text>
                {f.proposedCClassTrib && (
                  <Text size="sm" fw={600} data-testid="health-proposed-cclasstrib">
                    cClassTrib proposto: {f.proposedCClassTrib.join(' ou ')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
