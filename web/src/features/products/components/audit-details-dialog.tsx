import { Modal, Skeleton, Table, Text } from '@mantine/core';
import { maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatDateTime } from '../../../components/ui/format';
import { useProductAudits } from '../api/get-product-audits';

export interface AuditTarget {
  productId: string;
  description: string;
}

/** Audit details modal (spec 02 §2): description and creation date of each audit item. */
export function AuditDetailsDialog({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) {
  const audits = useProductAudits(target?.productId ?? null);
  return (
    <Modal opened={!!target} onClose={onClose} title="Detalhes da auditoria" size="lg">
      {target && (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {target.description}
          </Text>
          {audits.isLoading ? (
            <Skeleton height={60} />
          ) : !audits.data?.length ? (
            <Text c="dimmed">Nenhum detalhe de auditoria encontrado.</Text>
          ) : (
            <Table aria-label="Detalhes da auditoria">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th w={160}>Data</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audits.data.map((a) => (
                  <Table.Tr key={`${a.createdAt}-${a.description}`}>
                    <Table.Td>{maskCodesInText(a.description)}</Table.Td>
                    <Table.Td>{formatDateTime(a.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Modal>
  );
}
