import { ActionIcon, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { getSelectedCompany, getSession } from '../../../lib/session';
import { useIndicators } from '../api/get-indicators';
import { CompanyPanel } from '../components/company-panel';
import { HealthPanel } from '../components/health-panel';
import { HistoryTables } from '../components/history-tables';
import { ProductsPanel } from '../components/products-panel';
import { type CardKind, cardFilter } from '../lib/indicator-cards';

/** /member/company/indicators: the selected company's indicators (spec 01 §2). */
export default function IndicatorsPage() {
  const company = getSelectedCompany();
  const isMember = getSession()?.role === 'Member';
  const { data, isFetching, refetch } = useIndicators(company.id);
  const navigate = useNavigate();
  // The products home reads these options as its first search (features/products/lib/search-options.ts).
  const onOpen = (kind: CardKind) => navigate(paths.member.home, { state: { searchOptions: cardFilter(kind) } });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Indicadores
        </Title>
        <Tooltip label="Atualizar">
          <ActionIcon variant="light" size="lg" aria-label="Atualizar" onClick={() => void refetch()}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {isFetching || !data ? (
        <Group gap="sm" py="xl" justify="center" data-testid="indicators-loading">
          <Loader size="sm" />
          <Text c="dimmed">Consultando indicadores</Text>
        </Group>
      ) : null}
      {data ? (
        <>
          <CompanyPanel company={data.companyIndicators} />
          <ProductsPanel products={data.productsIndicators} isMember={isMember} onOpen={onOpen} />
          <HealthPanel companyId={company.id} />
          {isMember ? null : <HistoryTables data={data} />}
        </>
      ) : null}
    </Stack>
  );
}
