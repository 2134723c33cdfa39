import { displayGtin } from '@app/contract';
import { ActionIcon, Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { IconSquareX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatNumber } from '../../../components/ui/format';
import { notify } from '../../../lib/notify';
import { type CheckedProduct, markingMessages } from '../lib/checked-products';

interface Props {
  opened: boolean;
  checked: CheckedProduct[];
  onClose: () => void;
  onUncheck: (product: CheckedProduct) => void;
  onUncheckAll: () => void;
}

/**
 * Checked products modal (spec 02 §2): code, GTIN ("-" when empty), description and an unmark
 * action per row; "Desvincular todos produtos" unmarks every one after a confirmation.
 */
export function CheckedProductsDialog({ opened, checked, onClose, onUncheck, onUncheckAll }: Props) {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Modal
        opened={opened && !isConfirming}
        onClose={onClose}
        title={`Produtos marcados (${formatNumber(checked.length)})`}
        // Also opened over the bind-code modal ("Produtos marcados (n)"): drawn above it.
        zIndex={310}
        size="xl"
      >
        {checked.length === 0 ? (
          <Text c="dimmed">Nenhum produto marcado.</Text>
        ) : (
          <ScrollArea.Autosize mah="60vh">
            <Table aria-label="Produtos marcados" data-testid="checked-products-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Código interno</Table.Th>
                  <Table.Th>GTIN</Table.Th>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checked.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.internalCode}</Table.Td>
                    <Table.Td>{p.gtin ? displayGtin(p.gtin) : '-'}</Table.Td>
                    <Table.Td>{p.description}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Desmarcar produto ${p.internalCode}`}
                        onClick={() => onUncheck(p)}
                      >
                        <IconSquareX size={18} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button color="red" disabled={checked.length === 0} onClick={() => setIsConfirming(true)}>
            Desvincular todos produtos
          </Button>
        </Group>
      </Modal>
      <ConfirmDialog
        opened={opened && isConfirming}
        title="Desmarcar produtos"
        message={markingMessages.confirmUncheckAll}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          onUncheckAll();
          notify('success', markingMessages.uncheckedAll);
        }}
      />
    </>
  );
}
