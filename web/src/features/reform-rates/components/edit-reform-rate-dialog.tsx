import { cbsIbsTaxLabels, type TReformRate } from '@app/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdateReformRate } from '../api/update-reform-rate';

/** Edits one estimated rate: the value (%) and where it comes from; "Restaurar" goes back to the official file's. */
export function EditReformRateDialog({ row, onClose }: { row: TReformRate | null; onClose: () => void }) {
  const [rate, setRate] = useState('');
  const [source, setSource] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateReformRate();

  useEffect(() => {
    setRate(row ? row.rate.replace('.', ',') : '');
    setSource(row?.overridden ? row.source : '');
    setErrors({});
  }, [row]);

  if (!row) return null;
  const year = row.validFrom.slice(0, 4);
  const title = `${cbsIbsTaxLabels[row.tax]} de ${year}`;

  const save = (value: string | null) =>
    update.mutate(
      { tax: row.tax, validFrom: row.validFrom, rate: value, source: value === null ? undefined : source },
      {
        onSuccess: () => {
          notify('success', value === null ? 'Alíquota do arquivo oficial restaurada.' : 'Alíquota salva.');
          onClose();
        },
        onError: (err) => {
          const list = err instanceof ApiError ? (err.body?.errors ?? []) : [];
          setErrors(Object.fromEntries(list.map((e) => [e.field ?? '', e.message])));
          if (list.length === 0)
            notify('error', (err instanceof ApiError && err.body?.detail) || 'Erro ao comunicar-se com o servidor');
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Editar alíquota estimada: ${title}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save(rate);
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Valor do arquivo oficial: {row.fileRate.replace('.', ',')} %. A alíquota editada vale para todos os cálculos
            com data em {year}.
          </Text>
          <TextInput
            label="Alíquota (%)"
            value={rate}
            onChange={(e) => {
              setRate(e.currentTarget.value);
              setErrors((x) => ({ ...x, rate: '' }));
            }}
            error={errors.rate}
            data-autofocus
            withAsterisk
          />
          <TextInput
            label="Fonte"
            description="Ex.: Resolução do Senado que fixou a alíquota de referência"
            value={source}
            onChange={(e) => {
              setSource(e.currentTarget.value);
              setErrors((x) => ({ ...x, source: '' }));
            }}
            error={errors.source}
            withAsterisk
          />
          <Group justify="space-between" mt="sm">
            <Button variant="subtle" color="gray" disabled={!row.overridden} onClick={() => save(null)}>
              Restaurar valor oficial
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={update.isPending}>
                Salvar
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
