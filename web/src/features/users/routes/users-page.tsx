import type { TUser } from '@app/contract';
import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useUsers } from '../api/get-users';
import { useResetPassword } from '../api/reset-password';
import { CompanyAccessDialog } from '../components/company-access-dialog';
import { UserFormDialog } from '../components/user-form-dialog';
import { UserTable } from '../components/user-table';
import { canEditUser } from '../lib/can-edit-user';

/**
 * /partner/users (spec 01 §2). The spec's delete-user confirmation is not wired to any action
 * there, so no delete action is offered.
 */
export default function UsersPage() {
  const { data: users, isLoading } = useUsers();
  const me = useCurrentUser();
  const resetMutation = useResetPassword();
  const [form, setForm] = useState<{ opened: boolean; user: TUser | null }>({ opened: false, user: null });
  const [accessUser, setAccessUser] = useState<TUser | null>(null);

  const onResetPassword = (user: TUser) =>
    modals.openConfirmModal({
      title: 'Aviso',
      children: (
        <Text size="sm">{`Deseja realmente enviar um e-mail de alteração de senha para o email ${user.email}?`}</Text>
      ),
      labels: { confirm: 'Enviar', cancel: 'Voltar' },
      onConfirm: () => resetMutation.mutate(user.email, { onSuccess: (res) => notify('success', res.message, 15_000) }),
    });

  return (
    <Paper p="md" withBorder>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={1} size="h3">
            Usuários
          </Title>
          <Badge variant="light" size="lg" aria-label="Total de usuários">
            {users?.length ?? 0}
          </Badge>
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, user: null })}>
          Adicionar Usuário
        </Button>
      </Group>
      <UserTable
        users={users}
        isLoading={isLoading}
        onEdit={(user) => setForm({ opened: true, user })}
        onManageCompanies={setAccessUser}
        onResetPassword={onResetPassword}
        canEdit={(user) => canEditUser(me.data, user)}
      />
      <UserFormDialog opened={form.opened} user={form.user} onClose={() => setForm((f) => ({ ...f, opened: false }))} />
      <CompanyAccessDialog user={accessUser} onClose={() => setAccessUser(null)} />
    </Paper>
  );
}
