import { FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useState } from 'react';

interface Props {
  files: File[];
  onFiles: (files: File[]) => void;
  /** The zone's heading ("Arraste os arquivos para cá ou escolha-os abaixo"). */
  title: string;
  /** What may be sent, under the heading. */
  description?: ReactNode;
  /** The file field: its label, the types it offers and its test id. */
  inputLabel: string;
  accept: string;
  inputTestId: string;
  /** The zone's test id. */
  testId: string;
  /** Beside the file field, aligned to its bottom (a send button). */
  action?: ReactNode;
  /** Below the file field (other fields, a progress bar). */
  children?: ReactNode;
}

/**
 * Files dropped on the area or chosen with the file field (keyboard: Tab to the field, Enter opens the picker),
 * shared by the screens that take fiscal files (company documents, NF-e validation). No @mantine/dropzone: the
 * project does not depend on it, and a native drop target needs only these handlers.
 */
export function FileDropZone({
  files,
  onFiles,
  title,
  description,
  inputLabel,
  accept,
  inputTestId,
  testId,
  action,
  children,
}: Props) {
  const [isOver, setIsOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setIsOver(false);
    if (e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  const input = (
    <FileInput
      multiple
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar arquivos escolhidos' }}
      accept={accept}
      label={inputLabel}
      placeholder="Escolher arquivos"
      value={files}
      onChange={(f) => onFiles(f ?? [])}
      style={action ? { flex: 1, minWidth: 240 } : undefined}
      data-testid={inputTestId}
    />
  );
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={testId}
      style={{ borderStyle: 'dashed', background: isOver ? 'var(--mantine-color-blue-0)' : undefined }}
      onDragOver={(e) => {
        e.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconFileUpload size={22} />
          <Text fw={500}>{title}</Text>
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {action ? (
          <Group align="flex-end">
            {input}
            {action}
          </Group>
        ) : (
          input
        )}
        {children}
      </Stack>
    </Paper>
  );
}
