import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUndoBinding } from '../api/binding-steps';
import { setLastBinding, useLastBinding } from '../lib/last-binding';

/**
 * "Desfazer" for the last binding of this session (decision 062), on the screens that bind. The server refuses
 * once anything changed since (an audit decision, a rule): its message is shown and the offer goes away.
 */
export function LastBindingBanner({ onUndone }: { onUndone?: () => void }) {
  const last = useLastBinding();
  const undo = useUndoBinding();
  if (!last) return null;
  const onUndo = async () => {
    try {
      const res = await undo.mutateAsync(last.bindingId);
      notify('success', res.message);
      setLastBinding(null);
      onUndone?.();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Refused for good (changed, already undone, another session): nothing left to undo here.
      if (err.status === 409 || err.status === 404) setLastBinding(null);
    }
  };
  return (
    <Alert color="blue" variant="light" data-testid="last-binding" title="Último vínculo desta sessão">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {last.count > 1 ? `${last.count} produtos` : last.description} → produto global {last.globalCode} ·{' '}
          {last.globalDescription}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setLastBinding(null)}>
            Manter
          </Button>
          <Button
            size="xs"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => void onUndo()}
            loading={undo.isPending}
          >
            Desfazer vínculo
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
