import { countOf, type TDocumentImportDetail } from '@app/contract';
import { Alert, Badge, Group, List, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { isLineFile, maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatDateTime, formatNumber } from '../../../components/ui/format';
import { importStatusOf } from './import-status';

/** One import: status, counts (growing while it runs) and the files or documents refused, with file and line. */
export function ImportSummary({ item }: { item: TDocumentImportDetail }) {
  const running = item.status === 'Queued' || item.status === 'Running';
  const status = importStatusOf(item);
  const counts: [string, number, string][] = [
    ['Documentos importados', item.documents, 'documents'],
    ['Itens', item.items, 'items'],
    ['Produtos novos (pendentes)', item.productsCreated, 'created'],
    ['Produtos completados', item.productsUpdated, 'updated'],
    ['Duplicados', item.duplicates, 'duplicates'],
    ['Problemas', item.errors, 'errors'],
    ['Achados', item.findings, 'findings'],
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="documents-import-summary">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{item.fileName}</Text>
            <Badge color={status.color} variant="light" data-testid="documents-import-status">
              {status.label}
            </Badge>
            {running && <Loader size="xs" />}
          </Group>
          <Text size="sm" c="dimmed">
            Enviado por {item.userName} em {formatDateTime(item.createdAt)}
          </Text>
        </Group>
        {item.status === 'Running' && <ImportProgress item={item} />}
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs">
          {counts.map(([label, value, id]) => (
            <Paper key={id} withBorder p="xs" radius="sm">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} size="lg" data-testid={`documents-count-${id}`}>
                {formatNumber(value)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        {item.message && <Text size="sm">{maskCodesInText(item.message)}</Text>}
        {item.status === 'Failed' && (
          <Alert color="red">
            A importação falhou. Os documentos já gravados foram mantidos; envie os arquivos de novo.
          </Alert>
        )}
        {item.problems.length > 0 && (
          <Alert color="orange" title="Arquivos ou documentos não importados" data-testid="documents-problems">
            <List size="sm" spacing={2}>
              {item.problems.map((p) => (
                <List.Item key={`${p.fileName}-${p.line}-${p.message}`}>
                  <b>{p.fileName}</b>
                  {p.line !== null && isLineFile(p.fileName) ? `, linha ${formatNumber(p.line)}` : ''}:{' '}
                  {maskCodesInText(p.message)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Progress inside the job (issue 37), saved by the server at least every second: documents read of about how many the
 * upload holds (a ZIP's entries, an EFD's C100 lines: an estimate until the end) and items through the audit.
 */
function ImportProgress({ item }: { item: TDocumentImportDetail }) {
  const total = item.documentsTotal;
  const percent = total ? Math.min(100, (item.documentsRead / total) * 100) : 0;
  const read =
    total === null
      ? countOf(item.documentsRead, 'documento lido', 'documentos lidos')
      : `${formatNumber(item.documentsRead)} de ${countOf(total, 'documento lido', 'documentos lidos')}`;
  return (
    <Stack gap={4} data-testid="documents-import-progress">
      <Progress value={percent} size="sm" aria-label="Documentos lidos" animated={total === null} />
      <Text size="sm" c="dimmed">
        {read} · {countOf(item.itemsAudited, 'item auditado', 'itens auditados')}
      </Text>
    </Stack>
  );
}
