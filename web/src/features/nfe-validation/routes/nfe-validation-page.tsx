import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconChecklist, IconReceiptTax } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { ApiError } from '../../../lib/api-client';
import { completeNfe, validateNfe } from '../api/validate-nfe';
import { DocumentResult, type ValidatedDocument } from '../components/document-result';

/**
 * /member/products/nfe-validation: "Validar NF-e". XMLs dropped, chosen or pasted are validated one by one against
 * the schema and the rules in force on their date (or the date chosen); each gets its table of rejections.
 */
export default function NfeValidationPage() {
  const [files, setFiles] = useState<File[]>([]);
  const [pasted, setPasted] = useState('');
  const [data, setData] = useState('');
  const [running, setRunning] = useState<'validate' | 'complete' | null>(null);
  const [docs, setDocs] = useState<ValidatedDocument[]>([]);

  // "Completar impostos" sends each XML to /nfe/complete: the engine fills its taxes and totals, and the card
  // shows the completed document's rejections with its download.
  const run = async (mode: 'validate' | 'complete') => {
    setRunning(mode);
    const inputs: { name: string; xml: () => Promise<string> }[] = [
      ...files.map((f) => ({ name: f.name, xml: () => f.text() })),
      ...(pasted.trim() ? [{ name: 'XML colado', xml: async () => pasted }] : []),
    ];
    const out: ValidatedDocument[] = [];
    for (const input of inputs) {
      try {
        const xml = await input.xml();
        if (mode === 'validate') out.push({ name: input.name, result: await validateNfe(xml, data || null) });
        else {
          const { xml: completed, ...result } = await completeNfe(xml, data || null);
          out.push({ name: input.name, result, completedXml: completed });
        }
      } catch (e) {
        const failed =
          mode === 'validate'
            ? 'Não foi possível validar este XML.'
            : 'Não foi possível completar os impostos deste XML.';
        out.push({ name: input.name, error: e instanceof ApiError ? e.message : failed });
      }
      setDocs([...out]);
    }
    setRunning(null);
  };
  const nothing = files.length === 0 && !pasted.trim();

  return (
    <Stack>
      <Title order={1} size="h2">
        Validar NF-e
      </Title>
      <Text size="sm" c="dimmed">
        Confere o XML com o esquema oficial e com as regras de validação da SEFAZ (MOC 7.0 e NT 2025.002) em vigor na
        data de emissão, antes de transmitir. Mostra todas as rejeições de cada nota, com a regra e o campo. Completar
        impostos calcula os grupos de imposto e os totais de cada item com o motor tributário e devolve o XML completo,
        sem assinatura, com as rejeições do documento completado.
      </Text>
      <FileDropZone
        files={files}
        onFiles={setFiles}
        title="Arraste os XMLs para cá, escolha-os ou cole um XML abaixo"
        inputLabel="Arquivos XML (NF-e ou NFC-e, até 5 MB cada)"
        accept=".xml,application/xml,text/xml"
        inputTestId="nfe-file-input"
        testId="nfe-drop-zone"
      >
        <Textarea
          label="Ou cole o XML"
          autosize
          minRows={3}
          maxRows={10}
          value={pasted}
          onChange={(e) => setPasted(e.currentTarget.value)}
          data-testid="nfe-paste"
        />
        <Group align="flex-end">
          <DateField
            label="Validar com as regras de (opcional)"
            description="Em branco: a data de emissão de cada nota"
            value={data}
            onChange={setData}
            data-testid="nfe-date"
          />
          <Button
            leftSection={<IconChecklist size={16} />}
            onClick={() => run('validate')}
            loading={running === 'validate'}
            disabled={nothing || running !== null}
            data-testid="nfe-validate"
          >
            Validar
          </Button>
          <Button
            variant="light"
            leftSection={<IconReceiptTax size={16} />}
            onClick={() => run('complete')}
            loading={running === 'complete'}
            disabled={nothing || running !== null}
            data-testid="nfe-complete"
          >
            Completar impostos
          </Button>
        </Group>
      </FileDropZone>
      {docs.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the documents of one run, in the order sent; two may share a name
        <DocumentResult key={`${d.name}-${i}`} doc={d} index={i} />
      ))}
    </Stack>
  );
}
