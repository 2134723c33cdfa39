import { companyStatusLabels, formatCnpj, type TCompany } from '@app/contract';
import { ActionIcon, Badge, Group, Table, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';
import { companyStatusColors } from './partner-company-options';

interface Props {
  companies: TCompany[] | undefined;
  isLoading: boolean;
  onEdit: (company: TCompany) => void;
  onDelete: (company: TCompany) => void;
  onVerify: (company: TCompany) => void;
  /** PartnerContributor may not delete companies (permissions map); the action is hidden then. */
  canDelete: boolean;
}

const inUseWarning =
  'Empresa em uso: há usuários com acesso a ela ou produtos cadastrados. Excluí-la apaga também esses dados.';

const columns = ['Status', 'UF', 'CNPJ', 'Nome Fantasia', 'Razão Social', 'Ações'];

export function PartnerCompanyTable({ companies, isLoading, onEdit, onDelete, onVerify, canDelete }: Props) {
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-label="Empresas">
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <TablePlaceholderRows
          columns={columns.length}
          isLoading={isLoading}
          isEmpty={!companies?.length}
          emptyText="Nenhuma empresa cadastrada"
          skeletonTestId="company-row-skeleton"
        />
        {companies?.map((company) => (
          <Table.Tr key={company.id}>
            <Table.Td>
              {/* max-content: on a narrow screen the column widens instead of cutting the status to "BLO…" */}
              <Badge color={companyStatusColors[company.status] ?? 'gray'} variant="light" miw="max-content">
                {companyStatusLabels[company.status] ?? company.status}
              </Badge>
            </Table.Td>
            <Table.Td>{company.uf}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCnpj(company.document)}</Table.Td>
            <Table.Td>{company.nomeFantasia}</Table.Td>
            <Table.Td>{company.razaoSocial}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Alterar">
                  <ActionIcon variant="subtle" aria-label="Alterar" onClick={() => onEdit(company)}>
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                {canDelete && (
                  <Tooltip label="Excluir">
                    <ActionIcon variant="subtle" color="red" aria-label="Excluir" onClick={() => onDelete(company)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {/* Beside the delete action, where it matters (issue 13): beside every name it said nothing. */}
                {canDelete &&
                  (company.emUso ? (
                    <Tooltip label={inUseWarning} multiline w={260}>
                      <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" aria-label="Empresa em uso" />
                    </Tooltip>
                  ) : (
                    // its room kept, so the next action stays in the same column on every row
                    <span style={{ width: 16 }} aria-hidden />
                  ))}
                <Tooltip label="Verificar conta do integrador">
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label="Verificar conta do integrador"
                    onClick={() => onVerify(company)}
                  >
                    <IconShieldCheck size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
