import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** 44 digits in blocks of 4, as DANFEs print them: read and compared by eye, copied whole. */
export const chaveInBlocks = (chave: string) => chave.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The access key in blocks with a button that copies its 44 digits (without the spaces). */
export function ChaveBlocks({ chave }: { chave: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" ff="monospace" style={{ maxWidth: '30ch' }} data-testid="documents-chave">
        {chaveInBlocks(chave)}
      </Text>
      <CopyButton value={chave} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Chave copiada' : 'Copiar chave'} withArrow>
            <ActionIcon
              variant="subtle"
              size="sm"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copiar chave de acesso ${chave}`}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
