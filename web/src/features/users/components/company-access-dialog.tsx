import type { TUser } from '@app/contract';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { formatCnpj } from '../../../components/ui/cnpj';
import { notify } from '../../../lib/notify';
import { useAddMemberCompany } from '../api/add-member-company';
import { useAccessCompanies } from '../api/get-access-companies';
import { useMemberCompanies } from '../api/get-member-companies';
import { useRemoveMemberCompany } from '../api/remove-member-company';

interface Props {
  /** The Member whose company access is managed; null closes the dialog. */
  user: TUser | null;
  onClose: () => void;
}

/** 'Controle de acesso a empresas' (spec 01 §2, §5): list, remove and add a Member's companies. */
export function CompanyAccessDialog({ user, onClose }: Props) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 500);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const memberCompanies = useMemberCompanies(user?.id);
  const allCompanies = useAccessCompanies(!!user);
  const addMutation = useAddMemberCompany();
  const removeMutation = useRemoveMemberCompany();

  useEffect(() => {
    if (user) {
      setSearch('');
      setSelectedId(null);
    }
  }, [user]);

  const results = useMemo(() => {
    const term = debouncedSearch.toLowerCase();
    if (!term) return [];
    // An Admin's list holds every partner's companies: a Member may only be given its own partner's (issue 13).
    return (allCompanies.data ?? []).filter(
      (c) => (!user?.partnerId || c.partnerId === user.partnerId) && c.nomeFantasia.toLowerCase().includes(term),
    );
  }, [allCompanies.data, debouncedSearch, user?.partnerId]);

  function onAdd() {
    if (!user) return;
    if (!selectedId) return notify('warning', 'Nenhuma empresa selecionada!');
    if (memberCompanies.data?.some((c) => c.id === selectedId)) {
      return notify('warning', 'Usuário já tem acesso a essa empresa!');
    }
    addMutation.mutate(
      { userId: user.id, companyId: selectedId },
      {
        onSuccess: (res) => {
          notify('success', res.message);
          setSelectedId(null);
        },
      },
    );
  }

  function onRemove(companyId: string) {
    if (!user) return;
    removeMutation.mutate({ userId: user.id, companyId }, { onSuccess: (res) => notify('success', res.message) });
  }

  return (
    <Modal opened={!!user} onClose={onClose} title="Controle de acesso a empresas" size="lg">
      <Text size="sm" c="dimmed" mb="xs">
        {user?.name} ({user?.email})
      </Text>
      <Text fw={600} size="sm" mb={4}>
        Empresas com acesso
      </Text>
      <Paper withBorder p="xs" mb="md" aria-label="Empresas com acesso">
        {memberCompanies.isLoading && <Skeleton h={18} />}
        {!memberCompanies.isLoading && !memberCompanies.data?.length && (
          <Text size="sm" c="dimmed">
            O usuário ainda não tem acesso a nenhuma empresa
          </Text>
        )}
        <Stack gap={4}>
          {memberCompanies.data?.map((c) => (
            <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="member-company">
              <Text size="sm">{c.nomeFantasia}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover acesso à empresa ${c.nomeFantasia}`}
                onClick={() => onRemove(c.id)}
                loading={removeMutation.isPending && removeMutation.variables?.companyId === c.id}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Paper>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onAdd();
        }}
      >
        <TextInput
          label="Pesquisar empresa pelo nome fantasia"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setSelectedId(null);
          }}
          data-autofocus
        />
        <ScrollArea.Autosize mah={220} mt="xs">
          <Stack gap={2} role="listbox" aria-label="Empresas encontradas">
            {!debouncedSearch && (
              <Text size="sm" c="dimmed">
                Preencha o campo de pesquisa para procurar por uma empresa
              </Text>
            )}
            {debouncedSearch && allCompanies.isLoading && <Skeleton h={18} />}
            {debouncedSearch && !allCompanies.isLoading && !results.length && (
              <Text size="sm" c="dimmed">
                Nenhuma empresa encontrada
              </Text>
            )}
            {results.map((c) => (
              <UnstyledButton
                key={c.id}
                role="option"
                aria-selected={selectedId === c.id}
                onClick={() => setSelectedId(c.id)}
                px="xs"
                py={4}
                style={{
                  borderRadius: 4,
                  background: selectedId === c.id ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Text size="sm">{c.nomeFantasia}</Text>
                <Text size="xs" c="dimmed">
                  {c.razaoSocial}
                  {c.document ? ` · CNPJ ${formatCnpj(c.document)}` : ''}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" loading={addMutation.isPending}>
            Adicionar empresa
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
