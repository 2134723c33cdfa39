import { countOf, type TDocumentFindingGroup, type TDocumentReauditResult } from '@app/contract';
import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../components/ui/format';
import { Pager, useStayWithinLastPage } from '../../../components/ui/pager';
import { notify } from '../../../lib/notify';
import { getSelectedCompany } from '../../../lib/session';
import { useCan } from '../../auth/lib/use-can';
import { exportDocumentFindings } from '../api/export-document-findings';
import { type FindingFilters, useDocumentFindings } from '../api/get-document-findings';
import { useDocumentImport } from '../api/get-document-import';
import { useDocumentImports } from '../api/get-document-imports';
import { useFindingGroups } from '../api/get-finding-groups';
import { useReauditImport } from '../api/reaudit-import';
import { useUploadDocuments } from '../api/upload-documents';
import { DocumentDropZone } from '../components/document-drop-zone';
import { FindingFiltersForm } from '../components/finding-filters';
import { FindingGroupsTable } from '../components/finding-groups-table';
import { FindingsSummary } from '../components/findings-summary';
import { FindingsTable } from '../components/findings-table';
import { GroupStatusDialog } from '../components/group-status-dialog';
import { importStatusOf } from '../components/import-status';
import { ImportSummary } from '../components/import-summary';
import { ReauditResult } from '../components/reaudit-result';

type View = 'causa' | 'item';

/**
 * /member/products/documents: "Documentos fiscais". The company's NF-e/NFC-e XMLs, ZIPs of them and SPED EFD files
 * are sent, imported and audited in the background; the page follows the import and shows its findings as a
 * worklist — grouped by cause, each group with a status — or item by item, under the same filters.
 */
export default function DocumentsPage() {
  const company = getSelectedCompany();
  const can = useCan();
  const canImport = can.allows('Import');
  const canEdit = can.allows('Create');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [filters, setFilters] = useState<FindingFilters>({});
  const [view, setView] = useState<View>('causa');
  const [pageSize, setPageSize] = useState(50);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TDocumentFindingGroup | null>(null);
  const [reaudited, setReaudited] = useState<TDocumentReauditResult | null>(null);
  const imports = useDocumentImports(company.id);
  const upload = useUploadDocuments(company.id);
  const selectedId = chosen ?? imports.data?.[0]?.id ?? null;
  const detail = useDocumentImport(selectedId);
  const reaudit = useReauditImport(selectedId);
  const isDone = detail.data?.status === 'Done';
  const query = { importId: selectedId, filters, page, pageSize };
  const groups = useFindingGroups({ ...query, enabled: isDone && view === 'causa' });
  const findings = useDocumentFindings({ ...query, enabled: isDone && view === 'item' });
  const current = view === 'causa' ? groups.data : findings.data;
  const pages = Math.max(1, Math.ceil((current?.total ?? 0) / pageSize));
  useStayWithinLastPage(page, current ? pages : undefined, setPage);

  const select = (id: string | null) => {
    setChosen(id);
    setFilters({});
    setPage(1);
    setReaudited(null);
  };
  const applyFilters = (f: FindingFilters) => {
    setFilters(f);
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
  const onReaudit = async () => {
    setReaudited(await reaudit.mutateAsync());
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const emptyText = filtered
    ? 'Nenhum achado com estes filtros.'
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
            label: `${i.fileName} — ${formatDateTime(i.createdAt)} — ${importStatusOf(i).label}`,
          }))}
          value={selectedId}
          onChange={select}
          allowDeselect={false}
          maw={640}
          data-testid="documents-import-select"
        />
      )}
      {detail.data && <ImportSummary item={detail.data} />}
      {isDone && (
        <>
          <FindingsSummary
            summary={current?.summary ?? []}
            selected={filters.kind ?? null}
            onSelect={(kind) => applyFilters({ ...filters, kind: kind ?? undefined })}
          />
          <FindingFiltersForm value={filters} onChange={applyFilters} />
          {reaudited && <ReauditResult result={reaudited} onClose={() => setReaudited(null)} />}
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text fw={500} component="h2" fz="md" m={0}>
                    Achados da auditoria
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="documents-findings-count">
                    {view === 'causa' && groups.data
                      ? `${countOf(groups.data.total, 'grupo', 'grupos')}, ${countOf(groups.data.findings, 'achado', 'achados')}`
                      : countOf(findings.data?.total ?? 0, 'achado', 'achados')}
                  </Text>
                </Group>
                <Group gap="xs">
                  <SegmentedControl
                    aria-label="Agrupar achados"
                    value={view}
                    onChange={(v) => {
                      setView(v as View);
                      setPage(1);
                    }}
                    data={[
                      { value: 'causa', label: 'Por causa' },
                      { value: 'item', label: 'Por item' },
                    ]}
                    data-testid="documents-view"
                  />
                  <Select
                    aria-label="Linhas por página"
                    data={[
                      { value: '50', label: '50 por página' },
                      { value: '100', label: '100 por página' },
                    ]}
                    value={String(pageSize)}
                    onChange={(v) => {
                      setPageSize(Number(v ?? 50));
                      setPage(1);
                    }}
                    allowDeselect={false}
                    w={170}
                    data-testid="documents-page-size"
                  />
                  {canImport && (
                    <Button
                      variant="light"
                      leftSection={<IconRefresh size={16} />}
                      onClick={onReaudit}
                      loading={reaudit.isPending}
                      data-testid="documents-reaudit"
                    >
                      Auditar de novo
                    </Button>
                  )}
                  <Button
                    variant="light"
                    leftSection={<IconFileSpreadsheet size={16} />}
                    disabled={!current?.total}
                    onClick={() => selectedId && exportDocumentFindings(selectedId, filters)}
                    data-testid="documents-export"
                  >
                    Exportar XLSX
                  </Button>
                </Group>
              </Group>
              {view === 'causa' && selectedId ? (
                <FindingGroupsTable
                  importId={selectedId}
                  groups={groups.data?.groups ?? []}
                  filters={filters}
                  pageSize={pageSize}
                  isLoading={groups.isLoading}
                  emptyText={emptyText}
                  canEdit={canEdit}
                  onEditStatus={setEditing}
                />
              ) : (
                <FindingsTable
                  items={findings.data?.items ?? []}
                  isLoading={findings.isLoading}
                  emptyText={emptyText}
                />
              )}
              {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} testId="documents-pager" />}
            </Stack>
          </Paper>
        </>
      )}
      {selectedId && <GroupStatusDialog importId={selectedId} group={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
