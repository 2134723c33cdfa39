import type { TTransitionYear } from '@app/contract';
import { BarChart } from '@mantine/charts';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';
import { presentTaxes } from './tax-labels';

/** The value the load is measured on (the products the engine computed): vTotal ÷ pCarga × 100. */
const measuredValue = (r: TTransitionYear) => (r.pCarga > 0 ? (r.vTotal * 100) / r.pCarga : 0);
const percentOf = (v: number, value: number) => (value > 0 ? Math.round((v * 10000) / value) / 100 : 0);

/** Each tax's share of the operations' value per year, stacked: the bar's height is the year's load. */
export function toLoadByTax(rows: TTransitionYear[]) {
  const taxes = presentTaxes(rows);
  return rows.map((r) => {
    const value = measuredValue(r);
    const point: Record<string, number | string> = { ano: String(r.ano) };
    for (const t of taxes) point[t.label] = percentOf(r[t.field], value);
    return point;
  });
}

/** A Simples company's two paths from 2027 (LC 214/2025, art. 41): CBS/IBS inside the DAS or by the regular regime. */
export function toPaths(rows: TTransitionYear[]) {
  return rows
    .filter((r) => r.pCargaRegular !== null)
    .map((r) => ({
      ano: String(r.ano),
      'CBS/IBS no DAS': r.pCarga,
      'CBS/IBS no regime regular': r.pCargaRegular ?? 0,
    }));
}

const valueFormatter = (v: number) => `${formatNumber(v, 2)} %`;
// Whole percentages on the axis: "36,00 %" wrapped on two lines at 1024 px.
const yAxisProps = { tickFormatter: (v: number) => `${formatNumber(v, 0)} %`, width: 48 };

/**
 * The stack with its own legend: listed top to bottom as the bars stack (the last series sits on top), each
 * swatch with its name, so the order read matches the order seen.
 */
export function LoadChart({ rows }: { rows: TTransitionYear[] }) {
  const taxes = presentTaxes(rows);
  const paths = toPaths(rows);
  return (
    <Paper withBorder radius="md" p="md" data-testid="load-chart">
      <Title order={2} size="h5" mb="sm">
        Carga por tributo (% do valor das operações)
      </Title>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <BarChart
            h={300}
            data={toLoadByTax(rows)}
            dataKey="ano"
            type="stacked"
            series={taxes.map((t) => ({ name: t.label, color: t.color }))}
            valueFormatter={valueFormatter}
            yAxisProps={yAxisProps}
          />
        </Box>
        <Stack gap={4} component="ul" aria-label="Legenda, do topo da pilha para a base" p={0} m={0} miw={170}>
          {[...taxes].reverse().map((t) => (
            <Group key={t.field} gap={6} wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
              <Box
                w={14}
                h={14}
                bg={t.color}
                style={{ borderRadius: 2, flex: 'none', border: '1px solid var(--mantine-color-gray-6)' }}
              />
              <Text size="sm">{t.label}</Text>
            </Group>
          ))}
        </Stack>
      </Group>
      {paths.length > 0 && (
        <Box mt="lg" data-testid="paths-chart">
          <Title order={2} size="h6" mb="xs">
            Simples Nacional a partir de 2027: CBS/IBS no DAS ou no regime regular (carga %)
          </Title>
          <BarChart
            h={220}
            data={paths}
            dataKey="ano"
            series={[
              { name: 'CBS/IBS no DAS', color: 'grape.7' },
              { name: 'CBS/IBS no regime regular', color: 'orange.6' },
            ]}
            yAxisProps={yAxisProps}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={valueFormatter}
          />
        </Box>
      )}
    </Paper>
  );
}
