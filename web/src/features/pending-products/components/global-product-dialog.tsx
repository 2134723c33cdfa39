import { displayGtin, type TGlobalProductSaved } from '@app/contract';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateGlobalProduct } from '../api/create-global-product';
import type { SelectedPending } from '../lib/pending-selection';
import { FanoutStatus } from './fanout-status';

interface Props {
  /** The pending product it starts from (description and GTIN prefilled); null closes the modal. */
  source: SelectedPending | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Creates a global product from a pending one: staff add NCM/CEST; saving classifies that product
 * and its GTIN twins in every company (background jobs; the status line follows them).
 */
export function GlobalProductDialog({ source, onClose, onSaved }: Props) {
  const create = useCreateGlobalProduct();
  const [form, setForm] = useState({ code: '', description: '', gtin: '', ncm: '', cest: '' });
  const [saved, setSaved] = useState<TGlobalProductSaved | null>(null);
  useEffect(() => {
    setSaved(null);
    if (source) {
      const gtin = displayGtin(source.gtin);
      setForm({ code: gtin || source.internalCode, description: source.description, gtin, ncm: '', cest: '' });
    }
  }, [source]);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.currentTarget.value }));

  const submit = async () => {
    try {
      const out = await create.mutateAsync({ ...form, gtin: form.gtin || null, cest: form.cest || null });
      setSaved(out);
      notify('success', out.message, 6000);
      onSaved();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  return (
    <Modal opened={source !== null} onClose={onClose} title="Cadastrar produto global" size="lg">
      <Stack>
        <SimpleGrid cols={2}>
          <TextInput label="Código" value={form.code} onChange={set('code')} required disabled={!!saved} />
          <TextInput label="GTIN" value={form.gtin} onChange={set('gtin')} disabled={!!saved} />
        </SimpleGrid>
        <TextInput
          label="Descrição"
          value={form.description}
          onChange={set('description')}
          required
          disabled={!!saved}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="NCM"
            placeholder="0000.00.00"
            value={form.ncm}
            onChange={set('ncm')}
            required
            disabled={!!saved}
            data-autofocus
          />
          <TextInput label="CEST" placeholder="00.000.00" value={form.cest} onChange={set('cest')} disabled={!!saved} />
        </SimpleGrid>
        {saved && <FanoutStatus fanout={saved.fanout} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {saved ? 'Fechar' : 'Voltar'}
          </Button>
          {!saved && (
            <Button onClick={submit} loading={create.isPending}>
              Gravar
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
