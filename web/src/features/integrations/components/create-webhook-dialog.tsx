import { productChangeEventLabels, productChangeEvents, type TProductChangeEvent } from '@app/contract/integrations';
import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';
import { useSendTestDelivery } from '../api/send-test-delivery';
import type { CompanyOption } from './company-choice';
import { SecretOnce, SHOWING_SECRET } from './secret-once';

interface Props {
  opened: boolean;
  onClose: () => void;
  companies: CompanyOption[];
  fixedCompanyId?: string;
}

/** Registers a webhook, shows its secret once and sends a test delivery right away. */
export function CreateWebhookDialog({ opened, onClose, companies, fixedCompanyId }: Props) {
  const [picked, setCompanyId] = useState<string | null>(null);
  // The list may arrive after the dialog mounted: until a pick, the first company.
  const companyId = fixedCompanyId ?? picked ?? companies[0]?.value ?? null;
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...productChangeEvents]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const test = useSendTestDelivery();
  const close = () => {
    setUrl('');
    setError(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    setError(null);
    if (!companyId) return setError('Escolha a empresa.');
    create.mutate(
      { companyId, url, events: events as TProductChangeEvent[] },
      {
        onSuccess: (created) => test.mutate(created.id),
        onError: (e) =>
          setError(e instanceof ApiError ? (e.body?.errors?.map((x) => x.message).join(' ') ?? e.message) : e.message),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Novo webhook"
      centered
      size="lg"
      {...(create.data ? SHOWING_SECRET : {})}
    >
      {create.data ? (
        <Stack>
          <SecretOnce label="Segredo de assinatura (whsec_…)" value={create.data.secret} />
          <Text size="sm">Uma entrega de teste foi enviada; acompanhe-a em “Entregas”.</Text>
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
            {!fixedCompanyId && (
              <Select
                label="Empresa"
                data={companies}
                value={companyId}
                onChange={setCompanyId}
                allowDeselect={false}
                searchable
              />
            )}
            <TextInput
              label="URL"
              placeholder="https://erp.suaempresa.com.br/webhooks/fiscal"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={error}
              data-autofocus
              required
            />
            <Checkbox.Group label="Eventos" value={events} onChange={setEvents}>
              <Stack gap={6} mt={6}>
                {productChangeEvents.map((ev) => (
                  <Checkbox key={ev} value={ev} label={productChangeEventLabels[ev]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Voltar
              </Button>
              <Button type="submit" loading={create.isPending} disabled={events.length === 0}>
                Cadastrar e testar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
