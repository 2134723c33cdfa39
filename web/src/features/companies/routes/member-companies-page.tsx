import { EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useCompanies } from '../api/get-companies';
import { MemberCompaniesTable } from '../components/member-companies-table';
import { MemberCompanySearch } from '../components/member-company-search';
import { filterByNomeFantasia } from '../components/member-company-selection';
import { useMemberCompanySelection } from '../components/use-member-company-selection';

/** /member/companies: the companies the user may open, and switching between them. */
export default function MemberCompaniesPage() {
  const { data: companies, isPending } = useCompanies();
  const [term, setTerm] = useState('');
  const { selectedId, selectCompany } = useMemberCompanySelection(companies);
  const visible = useMemo(() => (companies ? filterByNomeFantasia(companies, term) : undefined), [companies, term]);

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <div>
          <Title order={1} size="h2">
            Empresas
          </Title>
          <Text size="sm" c="dimmed">
            Selecione a empresa com que deseja trabalhar.
          </Text>
        </div>
        <MemberCompanySearch onSearch={setTerm} />
      </Group>
      <Paper withBorder radius="md" p="xs">
        <MemberCompaniesTable
          companies={visible}
          selectedId={selectedId}
          isLoading={isPending}
          onSelect={selectCompany}
        />
        {visible && visible.length === 0 ? (
          <EmptyState
            my="lg"
            icon={<IconBuildingStore />}
            title="Nenhuma empresa encontrada"
            description={term ? 'Nenhuma empresa corresponde à pesquisa.' : 'Você ainda não tem acesso a empresas.'}
          />
        ) : null}
      </Paper>
    </Stack>
  );
}
