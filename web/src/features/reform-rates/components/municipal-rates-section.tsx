import type { TMunicipalRate } from '@app/contract';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../components/ui/format';
import { notify } from '../../../lib/notify';
import { useDeleteMunicipalRate } from '../api/delete-municipal-rate';
import { useMunicipalRates } from '../api/get-municipal-rates';
import { municipalityLabel, useMunicipalities } from '../api/municipalities';
import { MunicipalRateDialog } from './municipal-rate-dialog';

/** The IBS municipal rate per município (cMunFG) and date; without a row the reference rate above applies. */
export function MunicipalRatesSection() {
  const rates = useMunicipalRates();
  const municipalities = useMunicipalities();
  const remove = useDeleteMunicipalRate();
  const [dialog, setDialog] = useState<{ row: TMunicipalRate | null } | null>(null);
  const rows = rates.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              IBS municipal por município
            </Title>
            <Text size="sm" c="dimmed">
              A calculadora oficial não traz alíquotas por município. Uma alíquota incluída aqui vale para as operações
              com esse cMunFG a partir da data; sem ela, vale a alíquota de referência do IBS municipal.
            </Text>
          </div>
          <Button onClick={() => setDialog({ row: null })}>Incluir alíquota municipal</Button>
        </Group>
        {rates.isLoading ? (
          <Loader size="sm" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma alíquota municipal cadastrada.
          </Text>
        ) : (
          <Table striped withTableBorder verticalSpacing="xs" data-testid="municipal-rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>UF</Table.Th>
                <Table.Th>Município</Table.Th>
                <Table.Th>Vigência</Table.Th>
                <Table.Th ta="right">Alíquota</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Fonte</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.uf}</Table.Td>
                  <Table.Td>{municipalityLabel(municipalities.data, r.cMun)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(r.validFrom)}
                    {r.validTo ? ` a ${formatDate(r.validTo)}` : ' em diante'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {r.rate.replace('.', ',')} %
                  </Table.Td>
                  <Table.Td>
                    <Badge color={r.estimated ? 'yellow' : 'green'} variant="light" tt="none">
                      {r.estimated ? 'Estimada' : 'Fixada em lei'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{r.source}</Text>
                    <Text size="xs" c="dimmed">
                      Por {r.editedBy ?? '—'} em {formatDate(r.editedAt.slice(0, 10))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setDialog({ row: r })}
                        aria-label={`Editar ${municipalityLabel(municipalities.data, r.cMun)}`}
                      >
                        Editar
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Excluir ${municipalityLabel(municipalities.data, r.cMun)}`}
                        onClick={() =>
                          remove.mutate(r.id, { onSuccess: () => notify('success', 'Alíquota municipal excluída.') })
                        }
                      >
                        Excluir
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <MunicipalRateDialog opened={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </Paper>
  );
}
