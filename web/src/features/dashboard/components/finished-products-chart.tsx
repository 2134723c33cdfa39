import type { TDashboard, TDatedAmount } from '@app/contract';
import { LineChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatNumber } from '../../../components/ui/format';

type Period = 'day' | 'week' | 'month';
const periodLabels: Record<Period, string> = { day: 'Dia', week: 'Semana', month: 'Mês' };
const monthNames = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** x-axis label of a period's first day: 04/03 for days and weeks, mar/26 for months. */
function periodLabel(date: string, period: Period): string {
  const [y, m, d] = date.split('-');
  return period === 'month' ? `${monthNames[Number(m) - 1]}/${y!.slice(2)}` : `${d}/${m}`;
}

export function toChartData(data: TDashboard, period: Period) {
  const created: Record<Period, TDatedAmount[]> = data.newProducts;
  const finished: Record<Period, TDatedAmount[]> = {
    day: data.classification.finishedsByDay,
    week: data.classification.finishedsByWeek,
    month: data.classification.finishedsByMonth,
  };
  return created[period].map((p, i) => ({
    periodo: periodLabel(p.date, period),
    Cadastrados: p.amount,
    Classificados: finished[period][i]?.amount ?? 0,
  }));
}

/**
 * 'Produtos Finalizados': arrivals and finalized products per day (30), week (12) or month (12). A product
 * counts once, on the day it last became Classified, while it is Classified (decision 067).
 */
export function FinishedProductsChart({ data }: { data: TDashboard | undefined }) {
  const [period, setPeriod] = useState<Period>('day');
  return (
    <Paper withBorder radius="md" p="md" data-testid="finished-products-chart">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h5">
            Produtos Finalizados
          </Title>
          <Text size="xs" c="dimmed">
            Classificados: cada produto uma vez, no dia em que foi finalizado
          </Text>
        </div>
        <SegmentedControl
          size="xs"
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          data={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: periodLabels[p] }))}
        />
      </Group>
      {data ? (
        <LineChart
          h={260}
          data={toChartData(data, period)}
          dataKey="periodo"
          series={[
            { name: 'Cadastrados', color: 'blue.6' },
            { name: 'Classificados', color: 'teal.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(v) => formatNumber(v)}
        />
      ) : (
        <Skeleton h={260} data-testid="dashboard-skeleton" />
      )}
    </Paper>
  );
}
