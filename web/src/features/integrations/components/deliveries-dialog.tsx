import { deliveryStatusLabels, type TWebhook } from '@app/contract/integrations';
import { Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/ui/format';
import { useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver';
import { useSendTestDelivery } from '../api/send-test-delivery';

const statusColor = { Pending: 'yellow', Succeeded: 'green', Failed: 'red' } as const;

export function DeliveriesDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver();
  const test = useSendTestDelivery();
  return (
    <Modal opened onClose={onClose} title={`Entregas — ${webhook.url}`} centered size="xl">
      <Group justify="flex-end" mb="sm">
        <Button
          variant="light"
          leftSection={<IconSend size={16} />}
          disabled={webhook.status !== 'Active'}
          loading={test.isPending}
          onClick={() => test.mutate(webhook.id)}
        >
          Enviar teste
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label="Entregas do webhook">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Resposta</Table.Th>
              <Table.Th>Duração</Table.Th>
              <Table.Th>Tentativas</Table.Th>
              <Table.Th aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    Nenhuma entrega ainda.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {deliveries.data?.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {d.event}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={statusColor[d.status]}>
                    {deliveryStatusLabels[d.status]}
                  </Badge>
                  {d.error && (
                    <Text size="xs" c="dimmed" lineClamp={1} title={d.error}>
                      {d.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{d.responseStatus ?? '—'}</Table.Td>
                <Table.Td>{d.durationMs === null ? '—' : `${d.durationMs} ms`}</Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconRefresh size={14} />}
                    disabled={webhook.status !== 'Active'}
                    onClick={() => redeliver.mutate({ webhookId: webhook.id, deliveryId: d.id })}
                  >
                    Reenviar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Modal>
  );
}
