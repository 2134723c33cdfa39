import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * The dialog's props while it shows a secret (issue 38): Escape, a click outside and the close button would throw
 * away a key that is never shown again, so the only way out is the button "Já copiei".
 */
export const SHOWING_SECRET = { closeOnEscape: false, closeOnClickOutside: false, withCloseButton: false } as const;

/** A key or secret shown once, with a copy button: the server keeps only its hash (or never shows it again). */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="xs">
      <Alert color="yellow" title={label}>
        Copie agora: ela não será mostrada novamente. O diálogo fecha quando você confirmar que já copiou.
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
