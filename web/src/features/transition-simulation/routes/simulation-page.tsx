import { countOf, simulationBuyerLabels, simulationStatusLabels, type TSimulationProduct } from '@app/contract';
import { Alert, Badge, Button, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../../components/ui/format';
import { Pager } from '../../../components/ui/pager';
import { getSelectedCompany } from '../../../lib/session';
import { useCompanies } from '../../companies/api/get-companies';
import { toSelectedCompany } from '../../companies/components/member-company-selection';
import { exportSimulation } from '../api/export-simulation';
import { useRefusedProducts } from '../api/get-refused-products';
import { SIMULATION_PAGE_SIZE, useSimulationProducts } from '../api/get-simulation-products';
import { useSimulations } from '../api/get-simulations';
import { useTransitionYears } from '../api/get-transition-years';
import { useStartSimulation } from '../api/start-simulation';
import { BurdenNotes } from '../components/burden-notes';
import { LoadChart } from '../components/load-chart';
import { ProductYearsModal } from '../components/product-years-modal';
import { RefusedTable } from '../components/refused-table';
import { RiseTable } from '../components/rise-table';
import { SimulationForm } from '../components/simulation-form';
import { YearsTable } from '../components/years-table';

/**
 * "Simulação da reforma" (/member/products/simulation and /partner/simulation): the company's classified
 * catalogue through the transition years as a background job; the page polls while it runs, then shows
 * the years, the load by tax and the products whose load rises most.
 */
export default function SimulationPage() {
  const selected = getSelectedCompany();
  const companies = useCompanies();
  const [chosen, setChosen] = useState<string | null>(null);
  const companyId = chosen ?? (selected.id !== 'default' ? selected.id : (companies.data?.[0]?.id ?? null));
  const company = companies.data?.find((c) => c.id === companyId);
  const years = useTransitionYears();
  const runs = useSimulations(companyId);
  const start = useStartSimulation(companyId);
  const run = runs.data?.[0] ?? null;
  const active = run?.status === 'Queued' || run?.status === 'Running';
  const [page, setPage] = useState(1);
  const products = useSimulationProducts(run?.status === 'Done' ? run.id : null, page);
  const refused = useRefusedProducts(run?.status === 'Done' && run.produtosRecusados > 0 ? run.id : null);
  const [open, setOpen] = useState<TSimulationProduct | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Simulação da reforma
        </Title>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={16} />}
          disabled={run?.status !== 'Done'}
          onClick={() => run && exportSimulation(run.id)}
        >
          Exportar XLSX
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Cada produto classificado é calculado como uma venda da UF da empresa em 1º de julho de cada ano da transição
        (CBS, IBS, IS, ICMS, IPI, PIS e COFINS), pelo valor de R$ 1.000,00.
      </Text>
      <Select
        label="Empresa"
        data={(companies.data ?? []).map((c) => ({ value: c.id, label: `${c.nomeFantasia} (${c.uf})` }))}
        value={companyId}
        onChange={(v) => {
          setChosen(v);
          setPage(1);
        }}
        searchable
        allowDeselect={false}
        maw={480}
      />
      <SimulationForm
        key={companyId}
        companyId={companyId}
        company={company}
        years={years.data?.anos ?? []}
        running={start.isPending || active}
        onStart={(body) => {
          setPage(1);
          start.mutate(body);
        }}
      />
      {run && (
        <Paper withBorder radius="md" p="md" data-testid="simulation-run">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              Destino {run.ufDestino} · {simulationBuyerLabels[run.comprador]} · {run.anoInicial}–{run.anoFinal}
            </Text>
            <Badge
              color={active ? 'yellow' : run.status === 'Failed' ? 'red' : 'green'}
              data-testid="simulation-status"
            >
              {simulationStatusLabels[run.status]}
            </Badge>
          </Group>
          <Progress value={run.progresso} aria-label="Progresso da simulação" animated={active} />
          <Text size="sm" c="dimmed" mt={4}>
            {formatNumber(run.produtosProcessados)} de {countOf(run.produtos, 'produto', 'produtos')} ·{' '}
            {countOf(run.produtosRecusados, 'recusado', 'recusados')} pelo motor · iniciada em{' '}
            {formatDateTime(run.createdAt)}
          </Text>
          {run.status === 'Failed' && (
            <Alert color="red" mt="sm">
              {run.erro}
            </Alert>
          )}
        </Paper>
      )}
      {run?.status === 'Done' && run.totais && (
        <>
          <BurdenNotes run={run} />
          <YearsTable rows={run.totais} caption="Carga do catálogo por ano (soma dos produtos)" />
          <LoadChart rows={run.totais} />
          <RefusedTable
            items={refused.data?.items ?? []}
            total={run.produtosRecusados}
            company={company && toSelectedCompany(company)}
          />
          <Title order={2} size="h4">
            Produtos com maior aumento de carga
          </Title>
          <RiseTable items={products.data?.items ?? []} onOpen={setOpen} />
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil((products.data?.total ?? 0) / SIMULATION_PAGE_SIZE))}
            onChange={setPage}
          />
          <ProductYearsModal simulationId={run.id} product={open} onClose={() => setOpen(null)} />
        </>
      )}
    </Stack>
  );
}
