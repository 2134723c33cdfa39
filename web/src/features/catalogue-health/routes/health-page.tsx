import { countOf, healthCheckStatusLabels, healthFindingInfo, type THealthFindingKind } from '@app/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconHeartbeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDateTime, formatNumber } from '../../../components/ui/format';
import { Pager, useStayWithinLastPage } from '../../../components/ui/pager';
import { getSelectedCompany } from '../../../lib/session';
import { exportHealthFindings } from '../api/export-health';
import { HEALTH_PAGE_SIZE, useHealthReport } from '../api/get-health-report';
import { useStartHealthCheck } from '../api/start-health-check';
import { HealthFindingsTable } from '../components/health-findings-table';
import { HealthSummary } from '../components/health-summary';

/**
 * /member/products/health: "Saúde fiscal do catálogo". The check runs as a background job; the page
 * polls while it runs and shows the last finished run's counts and findings.
 */
export default function HealthPage() {
  const company = getSelectedCompany();
  const navigate = useNavigate();
  const [kind, setKind] = useState<THealthFindingKind | null>(null);
  const [page, setPage] = useState(1);
  const report = useHealthReport({ companyId: company.id, kind, page });
  const start = useStartHealthCheck(company.id);
  const check = report.data?.check ?? null;
  const running = check?.status === 'Queued' || check?.status === 'Running';
  const pages = Math.max(1, Math.ceil((report.data?.total ?? 0) / HEALTH_PAGE_SIZE));
  useStayWithinLastPage(page, report.data ? pages : undefined, setPage);
  const onSelect = (k: THealthFindingKind | null) => {
    setKind(k);
    setPage(1);
  };
  const emptyText = !check
    ? 'Nenhuma verificação feita ainda. Clique em "Verificar catálogo".'
    : kind
      ? 'Nenhum produto com este achado.'
      : 'Nenhum problema encontrado no catálogo.';
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            Saúde fiscal do catálogo
          </Title>
          {check && (
            <Badge
              variant="light"
              color={running ? 'yellow' : check.status === 'Failed' ? 'red' : 'green'}
              data-testid="health-status"
            >
              {healthCheckStatusLabels[check.status]}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            leftSection={<IconHeartbeat size={16} />}
            loading={start.isPending || running}
            onClick={() => start.mutate()}
          >
            Verificar catálogo
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={!report.data?.total}
            onClick={() => exportHealthFindings(company.id)}
          >
            Exportar XLSX
          </Button>
        </Group>
      </Group>
      {check && (
        <Text size="sm" c="dimmed" data-testid="health-last-run">
          Última verificação: {formatDateTime(check.createdAt)} · {countOf(check.products ?? 0, 'produto', 'produtos')}{' '}
          · {formatNumber(report.data?.productsWithFindings ?? 0)} com achados
        </Text>
      )}
      {check?.status === 'Failed' && (
        <Alert color="red">A verificação falhou. Tente novamente; se persistir, fale com o suporte.</Alert>
      )}
      <HealthSummary
        report={report.data}
        isLoading={report.isLoading}
        selected={kind}
        onSelect={onSelect}
        onOpenProducts={(k) => navigate(paths.member.home, { state: { searchOptions: { healthFinding: k } } })}
      />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Text fw={500}>{kind ? `Achados: ${healthFindingInfo[kind].label}` : 'Todos os achados'}</Text>
          <HealthFindingsTable items={report.data?.items ?? []} isLoading={report.isLoading} emptyText={emptyText} />
          {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} testId="health-pager" />}
        </Stack>
      </Paper>
    </Stack>
  );
}
