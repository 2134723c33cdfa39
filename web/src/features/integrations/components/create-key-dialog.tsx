import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';
import type { CompanyOption } from './company-choice';
import { SecretOnce, SHOWING_SECRET } from './secret-once';

const PARTNER_WIDE = 'partner';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Partner staff choose a company or every company; a Member's key is for the selected company. */
  companies: CompanyOption[];
  fixedCompanyId?: string;
}

export function CreateKeyDialog({ opened, onClose, companies, fixedCompanyId }: Props) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<string | null>(fixedCompanyId ?? PARTNER_WIDE);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();
  const close = () => {
    setName('');
    setError(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    setError(null);
    const companyId = fixedCompanyId ?? (scope === PARTNER_WIDE ? null : scope);
    create.mutate(
      { name, companyId },
      { onError: (e) => setError(e instanceof ApiError ? (e.body?.errors?.[0]?.message ?? e.message) : e.message) },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Nova chave de API"
      centered
      size="lg"
      {...(create.data ? SHOWING_SECRET : {})}
    >
      {create.data ? (
        <Stack>
          <SecretOnce label="Chave criada" value={create.data.key} />
          <Group justify="flex-end">
            <Button onClick={close}>Já copiei</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label="Nome"
              description="Para reconhecer a chave e os registros que ela fizer (ex.: ERP da matriz)"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={80}
              data-autofocus
              required
            />
            {!fixedCompanyId && (
              <Select
                label="Escopo"
                data={[{ value: PARTNER_WIDE, label: 'Todas as empresas do parceiro' }, ...companies]}
                value={scope}
                onChange={setScope}
                allowDeselect={false}
                searchable
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Voltar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Criar chave
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
