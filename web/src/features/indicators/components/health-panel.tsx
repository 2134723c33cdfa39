import { countOf } from '@app/contract';
import { Anchor, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDateTime, formatNumber } from '../../../components/ui/format';
import { healthReportQueryOptions } from '../../catalogue-health/api/get-health-report';

/**
 * The catalogue health summary on the indicators screen (issue 14 §3): the last check's count per finding,
 * with a link to 'Saúde fiscal do catálogo', where the check is run and each count opens the products.
 */
export function HealthPanel({ companyId }: { companyId: string }) {
  const report = useQuery(healthReportQueryOptions({ companyId, kind: null, page: 1 }));
  const check = report.data?.check ?? null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="indicators-health">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Saúde fiscal do catálogo
        </Title>
        <Anchor component={Link} to={paths.member.productsHealth} size="sm" data-testid="indicators-health-link">
          Abrir saúde fiscal do catálogo
        </Anchor>
      </Group>
      {!check ? (
        <Text size="sm" c="dimmed">
          {report.isLoading ? 'Consultando…' : 'Nenhuma verificação feita ainda.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            Última verificação: {formatDateTime(check.createdAt)} ·{' '}
            {countOf(check.products ?? 0, 'produto', 'produtos')} ·{' '}
            {formatNumber(report.data?.productsWithFindings ?? 0)} com achados
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
            {(report.data?.counts ?? []).map((c) => (
              <Group key={c.kind} justify="space-between" wrap="nowrap" data-testid={`indicators-health-${c.kind}`}>
                <Text size="sm">{c.label}</Text>
                <Text size="sm" fw={700} c={c.count > 0 ? 'red' : 'green'}>
                  {formatNumber(c.count)}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        </>
      )}
    </Paper>
  );
}
