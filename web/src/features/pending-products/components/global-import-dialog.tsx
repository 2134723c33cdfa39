import type { TGlobalImportResult } from '@app/contract';
import { Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../components/ui/format';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { downloadGlobalImportErrors, useImportGlobalProducts } from '../api/import-global-products';
import { FanoutStatus } from './fanout-status';

/** Imports the global base (CSV ; or XLSX with Codigo;Descricao;GTIN;NCM;CEST) and shows its counts. */
export function GlobalImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const run = useImportGlobalProducts();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TGlobalImportResult | null>(null);
  useEffect(() => {
    if (!opened) {
      setFile(null);
      setResult(null);
    }
  }, [opened]);

  const submit = async () => {
    if (!file) {
      notify('warning', 'Selecione um arquivo para importar!');
      return;
    }
    try {
      setResult(await run.mutateAsync(file));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Importar base global de produtos" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Arquivo CSV separado por ponto e vírgula ou XLSX com as colunas Codigo;Descricao;GTIN;NCM;CEST.
        </Text>
        <FileInput
          label="Arquivo"
          aria-label="Arquivo da base global"
          value={file}
          onChange={setFile}
          accept=".csv,.xlsx"
          clearable
        />
        {result && (
          <>
            <Table aria-label="Resultado da importação">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Recebidos</Table.Th>
                  <Table.Th>Cadastrados</Table.Th>
                  <Table.Th>Atualizados</Table.Th>
                  <Table.Th>Inválidos</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{formatNumber(result.received)}</Table.Td>
                  <Table.Td>{formatNumber(result.created)}</Table.Td>
                  <Table.Td>{formatNumber(result.updated)}</Table.Td>
                  <Table.Td>{formatNumber(result.invalid)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {result.invalidLines.length > 0 && (
              <Table striped aria-label="Linhas inválidas">
                <Table.Tbody>
                  {result.invalidLines.map((l) => (
                    <Table.Tr key={l.line}>
                      <Table.Td w={80}>Linha {l.line}</Table.Td>
                      <Table.Td w={140}>{l.code || '-'}</Table.Td>
                      <Table.Td>{l.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {result.invalid > 0 && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadGlobalImportErrors(result.importId)}
              >
                Baixar linhas inválidas
              </Button>
            )}
            <FanoutStatus fanout={result.fanout} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button leftSection={<IconFileImport size={16} />} onClick={submit} loading={run.isPending}>
            Importar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
