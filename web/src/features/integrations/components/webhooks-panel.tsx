import type { TWebhook } from '@app/contract/integrations';
import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconList, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useUpdateWebhook } from '../api/update-webhook';
import type { CompanyOption } from './company-choice';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { DeliveriesDialog } from './deliveries-dialog';
import { eventLabel } from './event-labels';

export function WebhooksPanel({ companies, companyId }: { companies: CompanyOption[]; companyId?: string }) {
  const hooks = useWebhooks(companyId);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<TWebhook | null>(null);
  const [deleting, setDeleting] = useState<TWebhook | null>(null);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Webhooks
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          disabled={companies.length === 0}
        >
          Novo webhook
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover aria-label="Webhooks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              {!companyId && <Table.Th>Empresa</Table.Th>}
              <Table.Th>Eventos</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hooks.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm">
                    Nenhum webhook. Cadastre um para o ERP receber as alterações assim que acontecem.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {hooks.data?.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td miw={180} maw={280}>
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {w.url}
                  </Text>
                </Table.Td>
                {!companyId && <Table.Td>{w.companyName}</Table.Td>}
                <Table.Td>
                  <Text size="xs">{w.events.map(eventLabel).join('; ')}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge variant="light" color={w.status === 'Active' ? 'green' : 'gray'}>
                    {w.status === 'Active' ? 'Ativo' : 'Desativado'}
                  </Badge>
                  {w.disabledReason && (
                    <Text size="xs" c="dimmed">
                      {w.disabledReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconList size={14} />}
                      onClick={() => setViewing(w)}
                    >
                      Entregas
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={w.status === 'Active' ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
                      onClick={() => update.mutate({ id: w.id, enabled: w.status !== 'Active' })}
                    >
                      {w.status === 'Active' ? 'Desativar' : 'Ativar'}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setDeleting(w)}
                    >
                      Excluir
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CreateWebhookDialog
        opened={creating}
        onClose={() => setCreating(false)}
        companies={companies}
        fixedCompanyId={companyId}
      />
      {viewing && <DeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir webhook"
        message={`Excluir o webhook ${deleting?.url ?? ''}? As entregas registradas serão apagadas.`}
        confirmLabel="Excluir"
        confirmColor="red"
        isLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Paper>
  );
}
