import {
  countOf,
  documentFindingGroupStatuses,
  documentFindingGroupStatusLabels,
  type TDocumentFindingGroup,
  type TDocumentFindingGroupStatus,
} from '@app/contract';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useSetFindingGroupStatus } from '../api/set-finding-group-status';

interface Props {
  importId: string;
  group: TDocumentFindingGroup | null;
  onClose: () => void;
}

/** The status of one group of findings; Ignorado asks for the reason (kept with who and when). */
export function GroupStatusDialog({ importId, group, onClose }: Props) {
  const save = useSetFindingGroupStatus(importId);
  const [status, setStatus] = useState<TDocumentFindingGroupStatus>('Aberto');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setStatus(group?.status.status ?? 'Aberto');
    setReason(group?.status.reason ?? '');
    setError(null);
  }, [group]);
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!group) return;
    if (status === 'Ignorado' && !reason.trim()) {
      setError('Motivo: informe por que o grupo será ignorado.');
      return;
    }
    await save.mutateAsync({ key: group.key, status, reason: reason.trim() || null });
    notify('success', `Situação do grupo: ${documentFindingGroupStatusLabels[status]}.`);
    onClose();
  };
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title="Situação do grupo de achados"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {group && (
        <form onSubmit={onSubmit}>
          <Stack>
            <Text size="sm">
              {group.label} · {group.field} · {group.internalCode}
              {group.description ? ` — ${group.description}` : ''} ({countOf(group.items, 'item', 'itens')})
            </Text>
            <Radio.Group label="Situação" value={status} onChange={(v) => setStatus(v as TDocumentFindingGroupStatus)}>
              <Group mt="xs">
                {documentFindingGroupStatuses.map((s) => (
                  <Radio
                    key={s}
                    value={s}
                    label={documentFindingGroupStatusLabels[s]}
                    data-testid={`group-status-${s}`}
                  />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label="Motivo"
              description={status === 'Ignorado' ? 'Obrigatório para ignorar.' : 'Opcional.'}
              withAsterisk={status === 'Ignorado'}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={error}
              maxLength={500}
              autosize
              minRows={2}
              data-testid="group-status-reason"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="group-status-save">
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
