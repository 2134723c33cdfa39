import type { TNfeFinding } from '@app/contract';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { displayValue } from '../lib/display-value';

interface Props {
  findings: TNfeFinding[];
  caption: string;
  testId: string;
}

/** One row per finding: code, rule (linked to the document that publishes it), field, item and message. */
export function FindingsTable({ findings, caption, testId }: Props) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder data-testid={testId} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Th>Regra</Table.Th>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Mensagem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {findings.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a finished answer's list, never reordered; two findings can share rule and field
            <Table.Tr key={`${f.regra}-${f.campo}-${i}`}>
              <Table.Td>{f.codigo}</Table.Td>
              <Table.Td>
                <Anchor
                  href={f.fonte.url}
                  target="_blank"
                  rel="noreferrer"
                  title={`${f.fonte.documento} v${f.fonte.versao}, ${f.fonte.secao}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {f.regra}
                </Anchor>
                {f.facultativa && (
                  <Badge ml={6} size="xs" variant="outline" color="gray">
                    facultativa
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Text size="xs" ff="monospace">
                  {f.campo}
                </Text>
              </Table.Td>
              <Table.Td>{f.nItem ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm">{f.mensagem}</Text>
                {(f.esperado || f.encontrado) && (
                  <Text size="xs" c="dimmed">
                    {f.esperado ? `Esperado: ${displayValue(f.campo, f.esperado)}` : ''}
                    {f.esperado && f.encontrado ? ' · ' : ''}
                    {f.encontrado ? `Encontrado: ${displayValue(f.campo, f.encontrado)}` : ''}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
