import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { ReferenceSourcesDialog } from './reference-sources-dialog';

/** Opens the list of official tables with their source and date (how fresh NCM, CEST… are). */
export function ReferenceSourcesButton(props: ButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="xs" leftSection={<IconInfoCircle size={16} />} onClick={open} {...props}>
        Fontes das tabelas
      </Button>
      <ReferenceSourcesDialog opened={opened} onClose={close} />
    </>
  );
}
