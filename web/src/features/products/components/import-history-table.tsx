import type { TImportHistoryRow } from '@app/contract';
import { Skeleton, Table, Text } from '@mantine/core';
import { formatDateTime, formatNumber } from '../../../components/ui/format';

/** Import history (spec 02 §3): Usuário, Recebidos, Adicionados, Atualizados, Inválidos, Duplicados, Data. */
export function ImportHistoryTable({ rows, isLoading }: { rows: TImportHistoryRow[] | undefined; isLoading: boolean }) {
  if (isLoading) return <Skeleton height={80} />;
  if (!rows?.length) return <Text c="dimmed">Nenhuma importação realizada.</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped aria-label="Histórico de importações" data-testid="import-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Recebidos</Table.Th>
            <Table.Th>Adicionados</Table.Th>
            <Table.Th>Atualizados</Table.Th>
            <Table.Th>Inválidos</Table.Th>
            <Table.Th>Duplicados</Table.Th>
            <Table.Th>Data</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.Id}>
              <Table.Td>{r.UserName}</Table.Td>
              <Table.Td>{formatNumber(r.Received)}</Table.Td>
              <Table.Td>{formatNumber(r.Added)}</Table.Td>
              <Table.Td>{formatNumber(r.Updated)}</Table.Td>
              <Table.Td>{formatNumber(r.Invalid)}</Table.Td>
              <Table.Td>{formatNumber(r.Duplicated)}</Table.Td>
              <Table.Td>
                {formatDateTime(r.CreatedAt)}
                {/* The server stopped mid-file: nothing of it was kept (issue 15). */}
                {r.Status === 'Interrupted' && (
                  <Text size="xs" c="red">
                    Importação não concluída
                  </Text>
                )}
                {r.Status === 'Running' && (
                  <Text size="xs" c="dimmed">
                    Em andamento
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
