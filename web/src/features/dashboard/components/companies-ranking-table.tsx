import type { TDashboardCompany } from '@app/contract';
import { Paper, ScrollArea, Table, Title } from '@mantine/core';
import { paths } from '../../../app/paths';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCnpj } from '../../../components/ui/cnpj';
import { formatNumber } from '../../../components/ui/format';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';

const headers = [
  'Posição',
  'CNPJ',
  'Razão Social',
  'Nome Fantasia',
  'Pendentes',
  'Auditoria',
  'Devolvidos',
  'Produtos',
];

/** Opens the company in the member area in a new tab (spec 01 §2): the session cookie goes with it. */
const openCompany = (companyId: string) =>
  window.open(`${paths.member.companies}?companyId=${encodeURIComponent(companyId)}`, '_blank');

/** Ranking of the companies by pending products (the server sorts them). */
export function CompaniesRankingTable({ companies }: { companies: TDashboardCompany[] | undefined }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        Ranking de empresas
      </Title>
      <ScrollArea.Autosize mah={420}>
        <Table striped highlightOnHover data-testid="companies-ranking">
          <Table.Thead>
            <Table.Tr>
              {headers.map((h) => (
                <Table.Th
                  key={h}
                  ta={['Posição', 'CNPJ', 'Razão Social', 'Nome Fantasia'].includes(h) ? 'left' : 'right'}
                >
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TablePlaceholderRows
              columns={headers.length}
              isLoading={!companies}
              isEmpty={companies?.length === 0}
              emptyText="Nenhuma empresa cadastrada."
              skeletonTestId="dashboard-skeleton"
            />
            {companies?.map((c, i) => (
              <Table.Tr key={c.companyId} {...clickableRowProps(() => openCompany(c.companyId))}>
                <Table.Td>{i + 1}º</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCnpj(c.document)}</Table.Td>
                <Table.Td>{c.companyRazaoSocial}</Table.Td>
                <Table.Td>{c.companyNomeFantasia}</Table.Td>
                <Table.Td ta="right">{formatNumber(c.pendings)}</Table.Td>
                <Table.Td ta="right">{formatNumber(c.inAudits)}</Table.Td>
                <Table.Td ta="right">{formatNumber(c.returneds)}</Table.Td>
                <Table.Td ta="right">{formatNumber(c.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Paper>
  );
}
