import { deliveryStatusLabels, type TWebhook } from '@app/contract/integrations';
import { Badge, Button, Group, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/ui/format';
import { useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver';
import { useSendTestDelivery } from '../api/send-test-delivery';
import { eventLabel } from './event-labels';

const statusColor = { Pending: 'yellow', Succeeded: 'green', Failed: 'red' } as const;

/**
 * The webhook's delivery log. Up to 1000 px wide and no wider than the window, with cells that keep their badge and
 * button whole (issue 38: at 1024 px the status badges and "Reenviar" were clipped); the URL is in its own line.
 */
export function DeliveriesDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver();
  const test = useSendTestDelivery();
  return (
    <Modal opened onClose={onClose} title="Entregas do webhook" centered size="min(1000px, 96vw)">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {webhook.url}
        </Text>
        <Button
          variant="light"
          leftSection={<IconSend size={16} />}
          disabled={webhook.status !== 'Active'}
          loading={test.isPending}
          onClick={() => test.mutate(webhook.id)}
          style={{ flexShrink: 0 }}
        >
          Enviar teste
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped aria-label="Entregas do webhook">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Resposta</Table.Th>
              <Table.Th>Duração</Table.Th>
              <Table.Th>Tentativas</Table.Th>
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
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
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{eventLabel(d.event)}</Text>
                </Table.Td>
                <Table.Td miw={110}>
                  <Badge variant="light" color={statusColor[d.status]}>
                    {deliveryStatusLabels[d.status]}
                  </Badge>
                  {d.error && (
                    <Text size="xs" c="dimmed" lineClamp={2} title={d.error} maw={220}>
                      {d.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{d.responseStatus ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {d.durationMs === null ? '—' : `${d.durationMs} ms`}
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
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
