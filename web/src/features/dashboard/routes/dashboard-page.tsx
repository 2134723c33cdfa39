import type { TDashboard } from '@app/contract';
import { Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatNumber, formatThousands } from '../../../components/ui/format';
import { notify } from '../../../lib/notify';
import { useDashboard } from '../api/get-dashboard';
import { CompaniesRankingTable } from '../components/companies-ranking-table';
import { FinishedProductsChart } from '../components/finished-products-chart';
import { type Slice, StatusDoughnut } from '../components/status-doughnut';

const productSlices = (d: TDashboard): Slice[] => [
  { name: 'Pendentes', value: d.products.pendings, color: 'yellow.6' },
  { name: 'Em Auditoria', value: d.products.inAudit, color: 'orange.8' },
  { name: 'Devolvidos', value: d.products.refundeds, color: 'red.6' },
  { name: 'Classificados', value: d.products.classified, color: 'green.6' },
  // Status Error (issue 24): the slices add up to 'Produtos na base'.
  { name: 'Com erro', value: d.products.errors, color: 'gray.7' },
];
const ticketSlices = (d: TDashboard): Slice[] => [
  { name: 'Em aberto', value: d.tickets.open, color: 'blue.6' },
  { name: 'Pendentes', value: d.tickets.pending, color: 'yellow.6' },
  { name: 'Finalizados', value: d.tickets.closed, color: 'green.6' },
];
const checkSlices = (c: { checked: number; unchecked: number }): Slice[] => [
  { name: 'Verificados', value: c.checked, color: 'green.6' },
  { name: 'Não Verificados', value: c.unchecked, color: 'gray.5' },
];

/** /partner/home: the partner dashboard of spec 01 §2 (Admin: every partner). */
export default function DashboardPage() {
  const { data, isError } = useDashboard();
  const [checking, setChecking] = useState<'rules' | 'products'>('rules');
  useEffect(() => {
    if (isError) notify('error', 'Erro ao capturar dados do dashboard verifique!');
  }, [isError]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Dashboard
      </Title>
      <Paper withBorder radius="md" p="md" w={{ base: '100%', sm: 260 }} data-testid="total-products">
        <Text size="sm" c="dimmed">
          Produtos na base
        </Text>
        {data ? (
          <Text fz={32} fw={700} title={formatNumber(data.totalProducts)}>
            {formatThousands(data.totalProducts)}
          </Text>
        ) : (
          <Skeleton h={40} mt={4} data-testid="dashboard-skeleton" />
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <StatusDoughnut title="Produtos" slices={data && productSlices(data)} testId="products-doughnut" />
        <StatusDoughnut title="Tickets" slices={data && ticketSlices(data)} testId="tickets-doughnut" />
        <StatusDoughnut
          title="Verificação"
          testId="checking-doughnut"
          slices={data && checkSlices(checking === 'rules' ? data.fiscalRules : data.productFiscalRules)}
          action={
            <SegmentedControl
              size="xs"
              value={checking}
              onChange={(v) => setChecking(v as 'rules' | 'products')}
              data={[
                { value: 'rules', label: 'Regras' },
                { value: 'products', label: 'Produtos' },
              ]}
            />
          }
        />
      </SimpleGrid>
      <FinishedProductsChart data={data} />
      <Group grow align="start">
        <CompaniesRankingTable companies={data?.companies} />
      </Group>
    </Stack>
  );
}
