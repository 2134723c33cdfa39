import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  cancelLabel?: string;
  confirmLabel?: string;
  confirmColor?: string;
  isLoading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Two-button confirmation modal; closes on Escape or the close button (spec 01 §2). */
export function ConfirmDialog({
  opened,
  title,
  message,
  cancelLabel = 'Voltar',
  confirmLabel = 'Confirmar',
  confirmColor,
  isLoading,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} loading={isLoading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
