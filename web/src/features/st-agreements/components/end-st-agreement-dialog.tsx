import type { TStAgreement } from '@app/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useEndStAgreement } from '../api/end-st-agreement';
import { formatAgreementPeriod } from '../lib/agreement-period';

/** Ends an agreement (a denunciation, a revocation): its last day and why; the row stays for the past. */
export function EndStAgreementDialog({ row, onClose }: { row: TStAgreement | null; onClose: () => void }) {
  const [vigenciaFim, setVigenciaFim] = useState('');
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const end = useEndStAgreement();

  useEffect(() => {
    setVigenciaFim(row?.vigenciaFim ?? '');
    setMotivo('');
    setErrors({});
  }, [row]);

  if (!row) return null;
  const submit = () =>
    end.mutate(
      { id: row.id, body: { vigenciaFim, motivo } },
      {
        onSuccess: () => {
          notify('success', 'Vigência do acordo encerrada.');
          onClose();
        },
        onError: (err) => {
          const list = err instanceof ApiError ? (err.body?.errors ?? []) : [];
          setErrors(Object.fromEntries(list.map((e) => [e.field ?? '', e.message])));
          if (list.length === 0)
            // The app's own handling: 401/403 back to the login, 5xx the generic message, a 400's detail as is.
            err instanceof ApiError ? notifyApiError(err) : notify('error', 'Erro ao comunicar-se com o servidor');
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Encerrar vigência do acordo">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {row.ufOrigem} → {row.ufDestino}, segmento {row.cestSegmento}: {row.instrumento}, vigente{' '}
            {formatAgreementPeriod(row)}.
          </Text>
          <DateField
            label="Último dia de vigência"
            value={vigenciaFim}
            onChange={(v) => {
              setVigenciaFim(v);
              setErrors((e) => ({ ...e, vigenciaFim: '' }));
            }}
            error={errors.vigenciaFim}
            data-autofocus
            withAsterisk
          />
          <Textarea
            label="Motivo"
            description="Ex.: denúncia do protocolo pela UF, com o ato e a data"
            autosize
            minRows={2}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.currentTarget.value);
              setErrors((x) => ({ ...x, motivo: '' }));
            }}
            error={errors.motivo}
            withAsterisk
          />
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="orange" loading={end.isPending}>
              Encerrar vigência
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
