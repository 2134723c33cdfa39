import { companyStatusLabels, type TCompany } from '@app/contract';
import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCnpj } from '../../../components/ui/cnpj';

const statusColors: Record<TCompany['status'], string> = { Pending: 'yellow', Active: 'green', Blocked: 'red' };

interface MemberCompaniesTableProps {
  companies: TCompany[] | undefined;
  selectedId: string;
  isLoading: boolean;
  onSelect: (company: TCompany) => void;
}

/** Situação, CNPJ, Razão Social, Nome Fantasia; the selected row highlighted, blocked rows red. */
export function MemberCompaniesTable({ companies, selectedId, isLoading, onSelect }: MemberCompaniesTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Empresas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Situação</Table.Th>
            <Table.Th>CNPJ</Table.Th>
            <Table.Th>Razão Social</Table.Th>
            <Table.Th>Nome Fantasia</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading ? <SkeletonRows /> : null}
          {companies?.map((c) => {
            const isSelected = c.id === selectedId;
            const isBlocked = c.status === 'Blocked';
            return (
              <Table.Tr
                key={c.id}
                {...clickableRowProps(() => onSelect(c), `Selecionar ${c.nomeFantasia}`)}
                aria-selected={isSelected}
                data-selected={isSelected || undefined}
                data-status={c.status}
                bg={isSelected ? 'var(--mantine-color-blue-light)' : undefined}
                c={isBlocked ? 'red' : undefined}
              >
                <Table.Td>
                  <Badge color={statusColors[c.status]} variant="light" miw="max-content">
                    {companyStatusLabels[c.status]}
                  </Badge>
                </Table.Td>
                {/* one line: a CNPJ cut after "/0001-" is misread on a narrow screen */}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text inherit ff="monospace">
                    {formatCnpj(c.document)}
                  </Text>
                </Table.Td>
                <Table.Td>{c.razaoSocial}</Table.Td>
                <Table.Td fw={isSelected ? 700 : undefined}>{c.nomeFantasia}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SkeletonRows() {
  return Array.from({ length: 5 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} data-testid="companies-skeleton">
      {Array.from({ length: 4 }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
