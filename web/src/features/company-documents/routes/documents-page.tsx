import { documentImportStatusLabels, type TDocumentFindingKind } from '@app/contract';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../components/ui/format';
import { Pager, useStayWithinLastPage } from '../../../components/ui/pager';
import { notify } from '../../../lib/notify';
import { getSelectedCompany } from '../../../lib/session';
import { useCan } from '../../auth/lib/use-can';
import { exportDocumentFindings } from '../api/export-document-findings';
import { FINDINGS_PAGE_SIZE, useDocumentFindings } from '../api/get-document-findings';
import { useDocumentImport } from '../api/get-document-import';
import { useDocumentImports } from '../api/get-document-imports';
import { useUploadDocuments } from '../api/upload-documents';
import { DocumentDropZone } from '../components/document-drop-zone';
import { FindingsSummary } from '../components/findings-summary';
import { FindingsTable } from '../components/findings-table';
import { ImportSummary } from '../components/import-summary';

/**
 * /member/products/documents: "Documentos fiscais". The company's NF-e/NFC-e XMLs, ZIPs of them and SPED EFD files
 * are sent, imported and audited in the background; the page follows the import and shows its findings.
 */
export default function DocumentsPage() {
  const company = getSelectedCompany();
  const canImport = useCan().allows('Import');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [kind, setKind] = useState<TDocumentFindingKind | null>(null);
  const [page, setPage] = useState(1);
  const imports = useDocumentImports(company.id);
  const upload = useUploadDocuments(company.id);
  const selectedId = chosen ?? imports.data?.[0]?.id ?? null;
  const detail = useDocumentImport(selectedId);
  const isDone = detail.data?.status === 'Done';
  const findings = useDocumentFindings({ importId: selectedId, kind, page, enabled: isDone });
  const pages = Math.max(1, Math.ceil((findings.data?.total ?? 0) / FINDINGS_PAGE_SIZE));
  useStayWithinLastPage(page, findings.data ? pages : undefined, setPage);

  const select = (id: string | null) => {
    setChosen(id);
    setKind(null);
    setPage(1);
  };
  const selectKind = (k: TDocumentFindingKind | null) => {
    setKind(k);
    setPage(1);
  };
  const onSend = async () => {
    setProgress(0);
    try {
      const { id } = await upload.mutateAsync({ companyId: company.id, files, onProgress: setProgress });
      notify('success', 'Arquivos recebidos. A importação e a auditoria seguem em segundo plano.');
      setFiles([]);
      select(id);
    } finally {
      setProgress(null);
    }
  };
  const emptyFindings = kind
    ? 'Nenhum achado deste tipo.'
    : 'Nenhuma divergência encontrada nos documentos desta importação.';

  return (
    <Stack>
      <Title order={1} size="h2">
        Documentos fiscais
      </Title>
      <Text size="sm" c="dimmed">
        Importe as NF-e, NFC-e e a EFD da empresa: os produtos que ainda não estão no catálogo entram como pendentes e
        cada item é comparado com a classificação e a regra fiscal do produto, com a diferença em reais.
      </Text>
      {canImport ? (
        <DocumentDropZone
          files={files}
          onFiles={setFiles}
          onSend={onSend}
          isSending={upload.isPending}
          progress={progress}
        />
      ) : (
        <Alert color="gray">Você não tem permissão para importar documentos nesta empresa.</Alert>
      )}
      {imports.data && imports.data.length === 0 && (
        <Paper withBorder p="lg" radius="md" data-testid="documents-empty">
          <Text ta="center" c="dimmed">
            Nenhum documento importado ainda. Envie os XMLs ou a EFD da empresa para montar e auditar o catálogo.
          </Text>
        </Paper>
      )}
      {imports.data && imports.data.length > 0 && (
        <Select
          label="Importação"
          data={imports.data.map((i) => ({
            value: i.id,
            label: `${i.fileName} — ${formatDateTime(i.createdAt)} — ${documentImportStatusLabels[i.status]}`,
          }))}
          value={selectedId}
          onChange={select}
          allowDeselect={false}
          maw={640}
          data-testid="documents-import-select"
        />
      )}
      {detail.data && <ImportSummary item={detail.data} />}
      {isDone && findings.data && (
        <>
          <FindingsSummary summary={findings.data.summary} selected={kind} onSelect={selectKind} />
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500}>Achados da auditoria</Text>
                <Button
                  variant="light"
                  leftSection={<IconFileSpreadsheet size={16} />}
                  disabled={!findings.data.total}
                  onClick={() => selectedId && exportDocumentFindings(selectedId)}
                  data-testid="documents-export"
                >
                  Exportar XLSX
                </Button>
              </Group>
              <FindingsTable items={findings.data.items} isLoading={findings.isLoading} emptyText={emptyFindings} />
              {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} testId="documents-pager" />}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
