import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A key or secret shown once, with a copy button: the server keeps only its hash (or never shows it again). */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="xs">
      <Alert color="yellow" title={label}>
        Copie agora: ela não será mostrada novamente.
      </Alert>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret-value">
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copiado' : 'Copiar'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
