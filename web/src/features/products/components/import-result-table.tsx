import type { TImportResult } from '@app/contract';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';

interface Props {
  result: TImportResult;
  onDownloadInvalid: () => void;
}

const counters = [
  ['received', 'Recebidos'],
  ['created', 'Adicionados'],
  ['updated', 'Atualizados'],
  ['duplicated', 'Duplicados'],
  ['invalid', 'Inválidos'],
  ['classified', 'Classificados'],
] as const;

/** Result of one imported file (spec 02 §3 import result) and its first invalid lines. */
export function ImportResultTable({ result, onDownloadInvalid }: Props) {
  return (
    <Paper withBorder p="md" data-testid="import-result">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Resultado da importação
        </Title>
        <SimpleGrid cols={{ base: 3, md: 6 }}>
          {counters.map(([key, label]) => (
            <div key={key} data-testid={`import-${key}`}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} size="lg">
                {formatNumber(result[key])}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {result.invalid > 0 && (
          <>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Linhas inválidas
                {result.invalid > result.invalidLines.length ? ` (primeiras ${result.invalidLines.length})` : ''}
              </Text>
              <Anchor component="button" size="sm" onClick={onDownloadInvalid}>
                Baixar linhas inválidas
              </Anchor>
            </Group>
            <Table aria-label="Linhas inválidas" data-testid="import-invalid-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>Linha</Table.Th>
                  <Table.Th>Código interno</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.invalidLines.map((l) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>{l.line}</Table.Td>
                    <Table.Td>{l.internalCode}</Table.Td>
                    <Table.Td>{maskCodesInText(l.reason)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
