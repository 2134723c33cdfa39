import type { TIndicators } from '@app/contract';
import { Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../../components/ui/format';

function HistoryTable({
  title,
  headers,
  rows,
  emptyText,
  testId,
}: {
  title: string;
  headers: string[];
  rows: ReactNode[][];
  emptyText: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <ScrollArea.Autosize mah={200}>
        <Table striped stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {headers.map((h, i) => (
                <Table.Th key={h} ta={i === 0 ? 'left' : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={headers.length}>
                  <Text c="dimmed" ta="center" size="sm" py="sm">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((cells, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only history, never reordered in place
                <Table.Tr key={r}>
                  {cells.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <Table.Td key={i} ta={i === 0 ? 'left' : 'right'}>
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}

const n = (v: number) => formatNumber(v);

/** The two histories staff see on the indicators screen (spec 01 §2), newest first. */
export function HistoryTables({ data }: { data: TIndicators }) {
  return (
    <>
      <HistoryTable
        testId="classification-history"
        title="Histórico de classificação de produtos"
        headers={['Data', 'Enviados', 'Classificados']}
        rows={data.classifyProductsHistIndicators.map((h) => [formatDateTime(h.createdAt), n(h.sent), n(h.classified)])}
        emptyText="Nenhuma classificação de produtos realizada!"
      />
      <HistoryTable
        testId="changes-history"
        title="Histórico de consultas de produtos alterados"
        headers={['Data', 'Total', 'Não Encontrados', 'Alterados', 'Finalizados']}
        rows={data.consultProductsChangesHistIndicators.map((h) => [
          formatDateTime(h.createdAt),
          n(h.amount),
          n(h.missing),
          n(h.changed),
          n(h.finished),
        ])}
        emptyText="Nenhuma consulta de produtos com regras fiscais alteradas realizada!"
      />
    </>
  );
}
