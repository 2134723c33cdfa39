import { Button, Progress } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { FileDropZone } from '../../../components/ui/file-drop-zone';

interface Props {
  files: File[];
  onFiles: (files: File[]) => void;
  onSend: () => void;
  isSending: boolean;
  /** 0–100 while the files are sent. */
  progress: number | null;
}

const ACCEPT = '.xml,.zip,.txt,application/xml,text/xml,application/zip,text/plain';

/** The shared drop zone with what the documents import takes, its send button and the upload's progress. */
export function DocumentDropZone({ files, onFiles, onSend, isSending, progress }: Props) {
  return (
    <FileDropZone
      files={files}
      onFiles={onFiles}
      title="Arraste os arquivos para cá ou escolha-os abaixo"
      description="XML de NF-e ou NFC-e (layout 4.00), um ZIP com até 100.000 XMLs (pastas permitidas) ou o arquivo do SPED EFD ICMS/IPI. Até 20 arquivos e 1 GB por envio."
      inputLabel="Arquivos"
      accept={ACCEPT}
      inputTestId="documents-file-input"
      testId="documents-drop-zone"
      action={
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={onSend}
          loading={isSending}
          disabled={files.length === 0}
          data-testid="documents-send"
        >
          Enviar e auditar
        </Button>
      }
    >
      {progress !== null && (
        <Progress value={progress} striped animated aria-label="Envio dos arquivos" data-testid="documents-progress" />
      )}
    </FileDropZone>
  );
}
