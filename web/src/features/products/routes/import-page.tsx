import { IMPORT_MAX_BYTES, productMessages, type TImportResult } from '@app/contract';
import { Alert, Anchor, Button, Checkbox, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/notify';
import { getSelectedCompany, getSession } from '../../../lib/session';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCan } from '../../auth/lib/use-can';
import { useDownloadImportErrors } from '../api/download-import-errors';
import { useImportHistory } from '../api/get-import-history';
import { useImportProducts } from '../api/import-products';
import { ImportHistoryTable } from '../components/import-history-table';
import { ImportLayoutDialog } from '../components/import-layout-dialog';
import { ImportResultTable } from '../components/import-result-table';
import { buildSampleCsv, SAMPLE_FILE_NAME } from '../lib/sample-file';

/** Saves the sample file; the BOM makes Excel read the accents as UTF-8. */
function downloadSample() {
  const blob = new Blob(['\uFEFF', buildSampleCsv()], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = SAMPLE_FILE_NAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** /member/products/import (spec 02 §2 "Import screen", §5 Import). */
export default function ImportPage() {
  const company = getSelectedCompany();
  const isMember = getSession()?.role === 'Member';
  const me = useCurrentUser();
  const canImport = useCan().allows('Import');
  const [file, setFile] = useState<File | null>(null);
  const [ignoreHeader, setIgnoreHeader] = useState(true);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLayoutOpen, setIsLayoutOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);
  const history = useImportHistory(company.id);
  const importFile = useImportProducts();
  const downloadErrors = useDownloadImportErrors();

  const onImportClick = () => {
    if (!file) return notify('error', productMessages.fileRequired);
    // Checked here too so a large file is refused before it is sent.
    if (file.size > IMPORT_MAX_BYTES) return notify('error', productMessages.fileTooLarge);
    setIsConfirming(true);
  };

  const onConfirm = async () => {
    if (!file) return;
    setIsConfirming(false);
    setResult(null);
    setProgress(0);
    try {
      const res = await importFile.mutateAsync({ companyId: company.id, ignoreHeader, file, onProgress: setProgress });
      setResult(res);
      setFile(null);
      notify('success', 'Arquivo importado com sucesso!');
      void history.refetch();
    } catch {
      // the error toast was shown by the upload
    } finally {
      setProgress(null);
    }
  };

  const isUploading = progress !== null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Importar Produtos
      </Title>
      {isMember && me.isSuccess && !canImport && (
        <Alert color="yellow">Seu usuário não tem permissão para importar produtos.</Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <FileInput
            label="Arquivo"
            placeholder="Selecione o arquivo CSV ou XLSX"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileUpload size={16} />}
            value={file}
            onChange={setFile}
            clearable
            disabled={isUploading}
          />
          <Group gap="lg">
            <Anchor component="button" size="sm" onClick={downloadSample}>
              Baixar arquivo de exemplo
            </Anchor>
            <Anchor component="button" size="sm" onClick={() => setIsLayoutOpen(true)}>
              Ver layout do arquivo
            </Anchor>
          </Group>
          <Checkbox
            label="Ignorar cabeçalho (a primeira linha do arquivo tem os nomes das colunas)"
            checked={ignoreHeader}
            onChange={(e) => setIgnoreHeader(e.currentTarget.checked)}
          />
          <Group>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={onImportClick}
              loading={isUploading}
              disabled={!canImport}
            >
              Importar
            </Button>
          </Group>
          {isUploading && (
            <Stack gap={4} data-testid="import-progress">
              <Progress value={Math.min(progress, 100)} animated striped={progress >= 100} />
              <Text size="xs" c="dimmed">
                {progress < 100 ? `Enviando arquivo… ${progress}%` : 'Processando o arquivo no servidor…'}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>

      {result && <ImportResultTable result={result} onDownloadInvalid={() => downloadErrors.mutate(result.importId)} />}

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Histórico de importações
        </Title>
        <ImportHistoryTable rows={history.data} isLoading={history.isLoading} />
      </Paper>

      <ConfirmDialog
        opened={isConfirming}
        title="Importar produtos"
        message={`Deseja realmente importar o arquivo ${file?.name ?? ''}?`}
        confirmLabel="Importar"
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => void onConfirm()}
      />
      <ImportLayoutDialog opened={isLayoutOpen} onClose={() => setIsLayoutOpen(false)} />
    </Stack>
  );
}
