import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../components/ui/format';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import type { CompanyOption } from './company-choice';
import { CreateKeyDialog } from './create-key-dialog';

export function ApiKeysPanel({ companies, companyId }: { companies: CompanyOption[]; companyId?: string }) {
  const keys = useApiKeys(companyId);
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Chaves de API
        </Title>
        <Button leftSection={<IconKey size={16} />} onClick={() => setCreating(true)}>
          Nova chave
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label="Chaves de API">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Chave</Table.Th>
              <Table.Th>Escopo</Table.Th>
              <Table.Th>Criada em</Table.Th>
              <Table.Th>Último uso</Table.Th>
              <Table.Th>Situação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" size="sm">
                    Nenhuma chave. Crie uma para o seu ERP consultar o feed de alterações.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {keys.data?.map((k) => (
              <Table.Tr key={k.id} c={k.revokedAt ? 'dimmed' : undefined}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {k.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    por {k.createdBy ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {k.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {k.scope === 'partner' ? (
                    <Badge variant="light">Todas as empresas</Badge>
                  ) : (
                    <Text size="sm">{k.companyName}</Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(k.createdAt)}</Table.Td>
                <Table.Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Nunca usada'}</Table.Td>
                <Table.Td
                  style={k.revokedAt ? undefined : { whiteSpace: 'nowrap' }}
                  miw={k.revokedAt ? 170 : undefined}
                >
                  {k.revokedAt ? (
                    <RevokedNote revokedAt={k.revokedAt} revokedBy={k.revokedBy} />
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setRevoking({ id: k.id, name: k.name })}
                    >
                      Revogar
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CreateKeyDialog
        opened={creating}
        onClose={() => setCreating(false)}
        companies={companies}
        fixedCompanyId={companyId}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revogar chave"
        message={`Revogar a chave "${revoking?.name ?? ''}"? O ERP que a usa deixa de ter acesso imediatamente.`}
        confirmLabel="Revogar"
        confirmColor="red"
        isLoading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </Paper>
  );
}

/** A revoked key stays in the list (issue 38): who revoked it and when, so a team can tell why an ERP lost access. */
function RevokedNote({ revokedAt, revokedBy }: { revokedAt: string; revokedBy: string | null }) {
  return (
    <div>
      <Badge variant="light" color="red">
        Revogada
      </Badge>
      <Text size="xs" c="dimmed">
        {formatDateTime(revokedAt)}
        {revokedBy ? ` por ${revokedBy}` : ''}
      </Text>
    </div>
  );
}
