import type { TTransitionYear } from '@app/contract';
import { Badge, Table } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';
import { presentTaxes } from './tax-labels';

/** One row per year: each tax in R$, the total and the load (% of the operations' value). */
export function YearsTable({ rows, caption }: { rows: TTransitionYear[]; caption: string }) {
  const taxes = presentTaxes(rows);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder highlightOnHover data-testid="years-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ano</Table.Th>
            {taxes.map((t) => (
              <Table.Th key={t.field} ta="right">
                {t.label} (R$)
              </Table.Th>
            ))}
            <Table.Th ta="right">Total (R$)</Table.Th>
            <Table.Th ta="right">Carga (%)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.ano}>
              <Table.Td>
                {r.ano}
                {r.estimado && (
                  <Badge ml={6} size="xs" variant="light" color="gray" title="Alíquotas ainda não fixadas em lei">
                    estimado
                  </Badge>
                )}
              </Table.Td>
              {taxes.map((t) => (
                <Table.Td key={t.field} ta="right">
                  {formatNumber(r[t.field], 2)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {formatNumber(r.vTotal, 2)}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatNumber(r.pCarga, 2)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
