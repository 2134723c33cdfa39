import {
  cestSegmentoLabels,
  cestSegmentos,
  countOf,
  type TStAgreement,
  type TStAgreementListQuery,
  ufs,
} from '@app/contract';
import { Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { Pager } from '../../../components/ui/pager';
import { useCan } from '../../auth/lib/use-can';
import { useStAgreements } from '../api/get-st-agreements';
import { EndStAgreementDialog } from '../components/end-st-agreement-dialog';
import { StAgreementDialog } from '../components/st-agreement-dialog';
import { StAgreementHistoryDrawer } from '../components/st-agreement-history-drawer';
import { StAgreementsTable } from '../components/st-agreements-table';

const PAGE_SIZE = 50;
const ufOptions = [{ value: '', label: 'Todas' }, ...ufs.map((u) => ({ value: u, label: u }))];
const segmentOptions = [
  { value: '', label: 'Todos' },
  ...cestSegmentos.map((s) => ({ value: s, label: `${s} – ${cestSegmentoLabels[s]}` })),
];
const agreementOptions = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Com acordo' },
  { value: 'false', label: 'Sem acordo' },
];

type Filters = { ufOrigem: string; ufDestino: string; cestSegmento: string; vigenteEm: string; temAcordo: string };
const noFilters: Filters = { ufOrigem: '', ufDestino: '', cestSegmento: '', vigenteEm: '', temAcordo: '' };

/**
 * /partner/st-agreements (Admin): which UF pairs apply interstate ICMS-ST to which CEST segment, under which
 * Protocolo or Convênio, from when, with the source (decision 064). A pair without a row answers "sem dados do acordo".
 */
export default function StAgreementsPage() {
  const { can } = useCan();
  const canWrite = can({ permission: 'write:st-agreement' });
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ row: TStAgreement | null } | null>(null);
  const [ending, setEnding] = useState<TStAgreement | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const query: TStAgreementListQuery = {
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = useStAgreements(query);
  const set = (key: keyof Filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const total = list.data?.total ?? 0;

  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} size="h2">
            Acordos de ICMS-ST
          </Title>
          <Text size="sm" c="dimmed" maw={820}>
            Protocolos e Convênios ICMS que aplicam a substituição tributária entre duas UFs, por segmento CEST do
            Convênio ICMS 142/2018, com a MVA original, a vigência e a fonte. O motor, a consulta de operações, a
            calculadora de ST e a auditoria leem esta tabela; um par sem linha responde "sem dados do acordo" e não gera
            apontamento.
          </Text>
        </div>
        {canWrite && (
          <Button style={{ flexShrink: 0 }} onClick={() => setDialog({ row: null })}>
            Cadastrar acordo
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, md: 5 }} role="search" aria-label="Filtros dos acordos">
            <NativeSelect
              label="UF de origem"
              data={ufOptions}
              value={filters.ufOrigem}
              onChange={(e) => set('ufOrigem')(e.currentTarget.value)}
            />
            <NativeSelect
              label="UF de destino"
              data={ufOptions}
              value={filters.ufDestino}
              onChange={(e) => set('ufDestino')(e.currentTarget.value)}
            />
            <NativeSelect
              label="Segmento CEST"
              data={segmentOptions}
              value={filters.cestSegmento}
              onChange={(e) => set('cestSegmento')(e.currentTarget.value)}
            />
            <DateField label="Vigente em" value={filters.vigenteEm} onChange={set('vigenteEm')} />
            <NativeSelect
              label="Acordo"
              data={agreementOptions}
              value={filters.temAcordo}
              onChange={(e) => set('temAcordo')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="st-agreements-count">
            {list.isLoading ? 'Carregando…' : countOf(total, 'acordo', 'acordos')}
          </Text>
          {list.isLoading ? (
            <Loader size="sm" />
          ) : total === 0 ? (
            <Text size="sm">Nenhum acordo com esses filtros: para esses pares e segmentos não há dados do acordo.</Text>
          ) : (
            <StAgreementsTable
              rows={list.data?.items ?? []}
              canWrite={canWrite}
              onHistory={(r) => setHistoryId(r.id)}
              onEdit={(r) => setDialog({ row: r })}
              onEnd={setEnding}
            />
          )}
          {total > PAGE_SIZE && (
            <Pager
              page={page}
              pages={Math.ceil(total / PAGE_SIZE)}
              onChange={setPage}
              ariaLabel="Páginas dos acordos"
            />
          )}
        </Stack>
      </Paper>
      <StAgreementDialog opened={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
      <EndStAgreementDialog row={ending} onClose={() => setEnding(null)} />
      <StAgreementHistoryDrawer id={historyId} onClose={() => setHistoryId(null)} />
    </Stack>
  );
}
