import type { TTransitionYear } from '@app/contract';
import { BarChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';
import { presentTaxes } from './tax-labels';

/** Each tax's share of the operations' value per year, stacked: the bar's height is the year's load. */
export function toLoadByTax(rows: TTransitionYear[]) {
  const taxes = presentTaxes(rows);
  return rows.map((r) => {
    // vTotal ÷ pCarga × 100 is the value the load is measured on (the products the engine computed).
    const value = r.pCarga > 0 ? (r.vTotal * 100) / r.pCarga : 0;
    const point: Record<string, number | string> = { ano: String(r.ano) };
    for (const t of taxes) point[t.label] = value > 0 ? Math.round((r[t.field] * 10000) / value) / 100 : 0;
    return point;
  });
}

export function LoadChart({ rows }: { rows: TTransitionYear[] }) {
  const taxes = presentTaxes(rows);
  return (
    <Paper withBorder radius="md" p="md" data-testid="load-chart">
      <Title order={5} mb="sm">
        Carga por tributo (% do valor das operações)
      </Title>
      <BarChart
        h={280}
        data={toLoadByTax(rows)}
        dataKey="ano"
        type="stacked"
        series={taxes.map((t) => ({ name: t.label, color: t.color }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(v) => `${formatNumber(v, 2)} %`}
      />
    </Paper>
  );
}
