import { Group, Loader, Modal, Text } from '@mantine/core';

/** Loading popup of spec 02 §2 while a product action runs; it cannot be closed meanwhile. */
export function LoadingPopup({ opened, title = 'Carregando...' }: { opened: boolean; title?: string }) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="xs"
      title={title}
    >
      <Group justify="center" py="sm">
        <Loader />
        <Text size="sm">Aguarde</Text>
      </Group>
    </Modal>
  );
}
