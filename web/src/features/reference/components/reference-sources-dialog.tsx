import { Loader, Modal, Table, Text } from '@mantine/core';
import { formatDateTime, formatNumber } from '../../../components/ui/format';
import { useReferenceSources } from '../api/get-reference-sources';
import { UfTaxRulesTable } from './uf-tax-rules-table';

export interface ReferenceSourcesDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Each official table with its source, "as of" date, when it was loaded and how many rows it has. */
export function ReferenceSourcesDialog({ opened, onClose }: ReferenceSourcesDialogProps) {
  const sources = useReferenceSources(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Fontes das tabelas oficiais" size="xl" centered>
      {sources.isLoading ? (
        <Loader size="sm" />
      ) : (
        <Table striped withTableBorder verticalSpacing="xs" data-testid="reference-sources">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tabela</Table.Th>
              <Table.Th>Fonte</Table.Th>
              <Table.Th>Referência</Table.Th>
              <Table.Th>Carregada em</Table.Th>
              <Table.Th ta="right">Registros</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(sources.data ?? []).map((s) => (
              <Table.Tr key={s.table}>
                <Table.Td>{s.title}</Table.Td>
                <Table.Td>
                  <Text size="sm">{s.source}</Text>
                  <Text size="xs" c="dimmed">
                    {s.fileName}
                  </Text>
                </Table.Td>
                <Table.Td>{s.asOf}</Table.Td>
                <Table.Td>{formatDateTime(s.loadedAt)}</Table.Td>
                <Table.Td ta="right">{formatNumber(s.rowCount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <UfTaxRulesTable enabled={opened} />
    </Modal>
  );
}
