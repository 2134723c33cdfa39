import { Badge, Code, Modal, Table, Text } from '@mantine/core';
import { importColumns } from '../lib/sample-file';

/** Sample layout modal of the import screen (spec 02 §2, §5). */
export function ImportLayoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Layout do arquivo de importação" size="lg">
      <Text size="sm" mb="sm">
        Arquivo CSV separado por ponto e vírgula (;) ou planilha XLSX com as colunas abaixo, nesta ordem. Tamanho
        máximo: 10 MB.
      </Text>
      <Table aria-label="Layout do arquivo">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Coluna</Table.Th>
            <Table.Th>Conteúdo</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {importColumns.map((c) => (
            <Table.Tr key={c.name}>
              <Table.Td>
                <Code>{c.name}</Code>
              </Table.Td>
              <Table.Td>{c.description}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={c.required ? 'blue' : 'gray'}>
                  {c.required ? 'Obrigatória' : 'Opcional'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt="sm" c="dimmed">
        Exemplo: <Code>1001;ARROZ TIPO 1 PACOTE 5KG;7891234567895</Code>
      </Text>
    </Modal>
  );
}
