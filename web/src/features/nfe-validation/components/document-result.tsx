import type { TNfeValidationResponse } from '@app/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatChave } from '../../../components/ui/fiscal-masks';
import { FindingsTable } from './findings-table';

export interface ValidatedDocument {
  name: string;
  result?: TNfeValidationResponse;
  /** The Portuguese reason a body was refused (not XML, not an NF-e, too large). */
  error?: string;
  /** The XML with its taxes completed by the engine (Completar impostos), unsigned. */
  completedXml?: string;
}

/** Saves the completed XML under the document's name with "-completo" before its extension. */
function download(name: string, xml: string) {
  const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/\.xml$/i, '')}-completo.xml`;
  a.click();
  // Revoked later, as the app's other downloads do: at once, some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const ambientes = { producao: 'produção', homologacao: 'homologação' } as const;
const br = (iso: string) => iso.split('-').reverse().join('/');

/** One document's card: verdict, the rule set of its date, and the tables of rejections and alerts. */
export function DocumentResult({ doc, index }: { doc: ValidatedDocument; index: number }) {
  const r = doc.result;
  const headingId = `nfe-doc-${index}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="nfe-document" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {doc.name}
          </Title>
          <Group gap="xs">
            {doc.completedXml && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() => download(doc.name, doc.completedXml!)}
                aria-label={`Baixar XML completo de ${doc.name}`}
                data-testid="nfe-download-completed"
              >
                Baixar XML completo
              </Button>
            )}
            {r && (
              <Badge color={r.valida ? 'green' : 'red'} variant="light" data-testid="nfe-verdict">
                {r.valida
                  ? 'Sem rejeições'
                  : `${r.rejeicoes.length} ${r.rejeicoes.length === 1 ? 'rejeição' : 'rejeições'}`}
              </Badge>
            )}
          </Group>
        </Group>
        {doc.error && (
          <Alert color="red" data-testid="nfe-refused">
            {doc.error}
          </Alert>
        )}
        {r && (
          <>
            <Text size="sm" c="dimmed" data-testid="nfe-rule-set">
              Regras: {r.regras.versao} em {br(r.regras.data)} ({ambientes[r.regras.ambiente]}) · Esquema{' '}
              {r.regras.esquema}
              {r.chave ? ` · Chave ${formatChave(r.chave)}` : ''}
              {doc.completedXml
                ? ' · Impostos completados pelo motor tributário; XML sem assinatura (assine antes de transmitir)'
                : r.assinada
                  ? ''
                  : ' · XML sem assinatura (a assinatura não é conferida)'}
            </Text>
            {r.rejeicoes.length > 0 ? (
              <FindingsTable findings={r.rejeicoes} caption={`Rejeições de ${doc.name}`} testId="nfe-rejections" />
            ) : (
              <Text size="sm">Nenhuma rejeição pelas regras e pelo esquema em vigor na data.</Text>
            )}
            {r.alertas.length > 0 && (
              <>
                <Text fw={500} size="sm">
                  Alertas: não rejeitam hoje (momento da recepção pela SEFAZ ou regra de implementação futura)
                </Text>
                <FindingsTable findings={r.alertas} caption={`Alertas de ${doc.name}`} testId="nfe-alerts" />
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
