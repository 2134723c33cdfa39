import { Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';

interface Props {
  files: File[];
  onFiles: (files: File[]) => void;
  onSend: () => void;
  isSending: boolean;
  /** 0–100 while the files are sent. */
  progress: number | null;
}

const ACCEPT = '.xml,.zip,.txt,application/xml,text/xml,application/zip,text/plain';

/**
 * Files dropped on the area or chosen with the file field (keyboard: Tab to the field, Enter opens the picker).
 * No @mantine/dropzone: the project does not depend on it, and a native drop target needs only these handlers.
 */
export function DocumentDropZone({ files, onFiles, onSend, isSending, progress }: Props) {
  const [isOver, setIsOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setIsOver(false);
    if (e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="documents-drop-zone"
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
          <Text fw={500}>Arraste os arquivos para cá ou escolha-os abaixo</Text>
        </Group>
        <Text size="sm" c="dimmed">
          XML de NF-e ou NFC-e (layout 4.00), um ZIP com até 100.000 XMLs (pastas permitidas) ou o arquivo do SPED EFD
          ICMS/IPI. Até 20 arquivos e 1 GB por envio.
        </Text>
        <Group align="flex-end">
          <FileInput
            multiple
            clearable
            accept={ACCEPT}
            label="Arquivos"
            placeholder="Escolher arquivos"
            value={files}
            onChange={(f) => onFiles(f ?? [])}
            style={{ flex: 1, minWidth: 240 }}
            data-testid="documents-file-input"
          />
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={onSend}
            loading={isSending}
            disabled={files.length === 0}
            data-testid="documents-send"
          >
            Enviar e auditar
          </Button>
        </Group>
        {progress !== null && (
          <Progress
            value={progress}
            striped
            animated
            aria-label="Envio dos arquivos"
            data-testid="documents-progress"
          />
        )}
      </Stack>
    </Paper>
  );
}
