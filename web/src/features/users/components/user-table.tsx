import { getRoleLabel, type TUser, userStatusLabels } from '@app/contract';
import { ActionIcon, Badge, Menu, Table } from '@mantine/core';
import { IconBuilding, IconDots, IconEdit, IconKey } from '@tabler/icons-react';
import { formatDateTime } from '../../../components/ui/format';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';

interface Props {
  users: TUser[] | undefined;
  isLoading: boolean;
  onEdit: (user: TUser) => void;
  onManageCompanies: (user: TUser) => void;
  onResetPassword: (user: TUser) => void;
  /** Whether the viewer may alter this user (the permission map); "Alterar" is offered only then. */
  canEdit: (user: TUser) => boolean;
}

const columns = ['Status', 'Nome', 'Email', 'Função', 'Último acesso', 'Ações'];

export function UserTable({ users, isLoading, onEdit, onManageCompanies, onResetPassword, canEdit }: Props) {
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-label="Usuários">
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
          isEmpty={!users?.length}
          emptyText="Nenhum usuário cadastrado"
          skeletonTestId="user-row-skeleton"
        />
        {users?.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td>
              <Badge color={user.status === 'Inactive' ? 'gray' : 'green'} variant="light" miw="max-content">
                {userStatusLabels[user.status] ?? 'Ativo'}
              </Badge>
            </Table.Td>
            <Table.Td>{user.name}</Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{getRoleLabel(user.role)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.lastAccess) || '-'}</Table.Td>
            <Table.Td>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`Ações de ${user.name}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canEdit(user) && (
                    <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(user)}>
                      Alterar
                    </Menu.Item>
                  )}
                  {/* Only Members have company access managed (spec 01 §6). */}
                  {user.role === 'Member' && (
                    <Menu.Item leftSection={<IconBuilding size={16} />} onClick={() => onManageCompanies(user)}>
                      Empresas
                    </Menu.Item>
                  )}
                  <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onResetPassword(user)}>
                    Resetar senha
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
