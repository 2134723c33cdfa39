import { countOf, isDeleteConfirmed, pendingMessages } from '@app/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';

interface Props {
  opened: boolean;
  count: number;
  isDeleting: boolean;
  onClose: () => void;
  onConfirm: (typed: string) => void;
}

/** Bulk deletion: the user types CONCORDO (any case, contained) to confirm (spec 02 §5). */
export function DeletePendingDialog({ opened, count, isDeleting, onClose, onConfirm }: Props) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (!opened) setTyped('');
  }, [opened]);
  const submit = () => {
    if (!isDeleteConfirmed(typed)) {
      notify('error', pendingMessages.confirmationWrong);
      return;
    }
    onConfirm(typed);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Excluir produtos">
      <Stack>
        <Text>
          ATENÇÃO! {countOf(count, 'produto pendente será excluído', 'produtos pendentes serão excluídos')}{' '}
          permanentemente. Para confirmar, digite <b>CONCORDO</b>.
        </Text>
        <TextInput
          aria-label="Texto de confirmação"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button color="red" onClick={submit} loading={isDeleting}>
            Excluir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
