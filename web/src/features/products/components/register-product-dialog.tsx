import {
  checkProductInput,
  PRODUCT_CODE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_GTIN_MAX,
  productMessages,
  type TProductCreationItem,
} from '@app/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCreateProducts } from '../api/create-product';

interface Props {
  opened: boolean;
  companyId: string;
  onClose: () => void;
  /** Called after a product was created or updated (the page refreshes the list 1 s later). */
  onSaved: () => void;
}

const empty = { description: '', internalCode: '', gtin: '' };

/** Shows the answer of one registered product (spec 02 §8). */
export function notifyCreation(item: TProductCreationItem | undefined): boolean {
  if (!item) return false;
  if (item.creationState === 'Created') notify('success', productMessages.created);
  else if (item.creationState === 'Updated') notify('success', productMessages.updated);
  else notify('error', item.errors.map((e) => e.message).join(' '));
  return item.creationState !== 'Error';
}

/**
 * Register product modal (spec 02 §2, §5): description, internal code and GTIN with the spec's
 * limits checked before sending; the server answers Created, Updated (same internal code) or Error.
 */
export function RegisterProductDialog({ opened, companyId, onClose, onSaved }: Props) {
  const [form, setForm] = useState(empty);
  const create = useCreateProducts();

  useEffect(() => {
    if (opened) setForm(empty);
  }, [opened]);

  const set = (key: keyof typeof empty, v: string) => setForm((f) => ({ ...f, [key]: v }));

  const onSubmit = async () => {
    const checked = checkProductInput(form);
    if (checked.errors.length) {
      for (const message of checked.errors) notify('error', message);
      return;
    }
    const res = await create.mutateAsync({
      companyId,
      products: [{ description: checked.description, internalCode: checked.internalCode, gtin: form.gtin.trim() }],
    });
    if (notifyCreation(res.products[0])) {
      onClose();
      onSaved();
    }
  };

  const counter = (value: string, max: number) => `${value.length}/${max}`;
  return (
    <Modal opened={opened} onClose={onClose} title="Cadastrar produto" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit().catch(() => {});
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Descrição"
            withAsterisk
            data-autofocus
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            description={counter(form.description, PRODUCT_DESCRIPTION_MAX)}
            error={form.description.length > PRODUCT_DESCRIPTION_MAX ? productMessages.descriptionMax : undefined}
          />
          <TextInput
            label="Código interno"
            withAsterisk
            value={form.internalCode}
            onChange={(e) => set('internalCode', e.currentTarget.value)}
            description={counter(form.internalCode, PRODUCT_CODE_MAX)}
            error={form.internalCode.length > PRODUCT_CODE_MAX ? productMessages.codeMax : undefined}
          />
          <TextInput
            label="GTIN"
            inputMode="numeric"
            value={form.gtin}
            onChange={(e) => set('gtin', e.currentTarget.value)}
            error={form.gtin.replace(/\s+/g, '').length > PRODUCT_GTIN_MAX ? productMessages.gtinMax : undefined}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Gravar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
