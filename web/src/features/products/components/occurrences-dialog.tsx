import { Button, Group, Modal, Skeleton, Table, Text } from '@mantine/core';
import { maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatDateTime } from '../../../components/ui/format';
import { type OccurrencesKey, useProductOccurrences } from '../api/get-product-occurrences';

/**
 * Occurrences of a product in Error (spec 02 §2). Of the two readings ("Em manutenção" alert or a
 * table) this is the table: internal code, description, date and an exit button.
 */
export function OccurrencesDialog({ target, onClose }: { target: OccurrencesKey | null; onClose: () => void }) {
  const occurrences = useProductOccurrences(target);
  return (
    <Modal opened={!!target} onClose={onClose} title="Ocorrências" size="lg">
      {occurrences.isLoading ? (
        <Skeleton height={60} />
      ) : !occurrences.data?.length ? (
        <Text c="dimmed">Nenhuma ocorrência encontrada.</Text>
      ) : (
        <Table aria-label="Ocorrências">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Código interno</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th w={160}>Data</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {occurrences.data.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.productInternalCode}</Table.Td>
                <Table.Td>{maskCodesInText(o.description)}</Table.Td>
                <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Sair
        </Button>
      </Group>
    </Modal>
  );
}
