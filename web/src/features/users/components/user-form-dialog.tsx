import {
  type Role,
  type TUser,
  type TUserStatus,
  type UserPermission,
  userPermissionLabels,
  userPermissions,
  userStatuses,
  userStatusLabels,
} from '@app/contract';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCreateUser } from '../api/create-user';
import { usePartners } from '../api/get-partners';
import { useUpdateUser } from '../api/update-user';
import { buildRoleOptions, defaultNewUserRole } from './role-options';

interface Props {
  opened: boolean;
  /** null: create ('Cadastro de Usuário'); a user: edit ('Alteração de Usuário'). */
  user: TUser | null;
  onClose: () => void;
}

interface FormValues {
  name: string;
  email: string;
  role: Role | null;
  status: TUserStatus;
  permissions: UserPermission[];
  partnerId: string | null;
}

const toForm = (user: TUser | null, creatorRole: Role | undefined): FormValues =>
  user
    ? { ...user, permissions: [...user.permissions] }
    : {
        name: '',
        email: '',
        role: defaultNewUserRole(creatorRole),
        status: 'Active',
        permissions: [...userPermissions],
        partnerId: null,
      };

export function UserFormDialog({ opened, user, onClose }: Props) {
  const creatorRole = getSession()?.role;
  const isAdmin = creatorRole === 'Admin';
  const [form, setForm] = useState<FormValues>(() => toForm(user, creatorRole));
  const createMutation = useCreateUser();
  const updateMutation = useUpdateUser();
  const partners = usePartners(opened && isAdmin);
  const isSaving = createMutation.isPending || updateMutation.isPending;
  const needsPartner = isAdmin && form.role !== 'Admin';
  // The server refuses changing one's own role or status: on oneself they are shown, not offered.
  const me = useCurrentUser();
  const isSelf = !!user && me.data?.id === user.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens for a user
  useEffect(() => {
    if (opened) setForm(toForm(user, creatorRole));
  }, [opened, user]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setForm((f) => ({ ...f, [key]: value }));

  // spec 01 §6: the creator's role limits the roles offered; the server enforces the same rule.
  const roleOptions = buildRoleOptions(creatorRole, user?.role);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    if (!form.name.trim()) return notify('warning', 'Preencha o campo do nome!');
    if (!form.email.trim()) return notify('warning', 'Preencha o campo do e-mail!');
    if (!form.role) return notify('warning', 'Selecione a função do usuário!');
    // Same text as the server's check: Admin must place partner staff and Members in a partner.
    if (needsPartner && !form.partnerId) return notify('warning', 'Informe o parceiro do usuário.');
    const body = {
      name: form.name.trim(),
      email: form.email.trim(),
      role: form.role,
      status: form.status,
      permissions: form.permissions,
      ...(needsPartner ? { partnerId: form.partnerId } : {}),
    };
    if (user) {
      updateMutation.mutate(
        { ...body, id: user.id },
        {
          onSuccess: () => {
            notify('success', 'Usuário alterado com sucesso!');
            onClose();
          },
          onError: (err) => failWith('Não foi possível alterar o usuário!', err as ApiError),
        },
      );
      return;
    }
    createMutation.mutate(body, {
      onSuccess: () => {
        notify('success', 'Usuário cadastrado com sucesso!');
        onClose();
      },
      onError: (err) => failWith('Não foi possível cadastrar o usuário, verifique!', err as ApiError),
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Alteração de Usuário' : 'Cadastro de Usuário'} size="lg">
      <form onSubmit={onSubmit} aria-label={user ? 'Alteração de Usuário' : 'Cadastro de Usuário'}>
        <Stack>
          <TextInput
            label="Nome"
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            data-autofocus
          />
          <TextInput label="E-mail" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Função"
              data={roleOptions}
              allowDeselect={false}
              value={form.role}
              onChange={(v) => set('role', v as Role)}
              disabled={isSelf}
            />
            <Select
              label="Status"
              data={userStatuses.map((s) => ({ value: s, label: userStatusLabels[s] }))}
              allowDeselect={false}
              value={form.status}
              onChange={(v) => v && set('status', v as TUserStatus)}
              disabled={isSelf}
            />
          </SimpleGrid>
          {needsPartner && (
            <Select
              label="Parceiro"
              data={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              searchable
              value={form.partnerId}
              onChange={(v) => set('partnerId', v)}
            />
          )}
          <Checkbox.Group
            label="Permissões"
            value={form.permissions}
            onChange={(v) => set('permissions', v as UserPermission[])}
          >
            <Group mt="xs">
              {userPermissions.map((p) => (
                <Checkbox key={p} value={p} label={userPermissionLabels[p]} />
              ))}
            </Group>
          </Checkbox.Group>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" loading={isSaving}>
            Salvar
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The spec's message first, then the server's reason (e-mail taken, role not allowed, …). */
function failWith(message: string, err: ApiError) {
  notify('error', message);
  notifyApiError(err);
}
