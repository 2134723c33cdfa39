import { cestSegmentoLabels, type TStAgreement } from '@app/contract';
import { Anchor, Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../../components/ui/format';

interface Props {
  rows: TStAgreement[];
  canWrite: boolean;
  onHistory: (row: TStAgreement) => void;
  onEdit: (row: TStAgreement) => void;
  onEnd: (row: TStAgreement) => void;
}

const period = (r: TStAgreement) =>
  r.vigenciaFim
    ? `${formatDate(r.vigenciaInicio)} a ${formatDate(r.vigenciaFim)}`
    : `desde ${formatDate(r.vigenciaInicio)}`;

/** One agreement per row: pair, goods, agreement or not, instrument, MVA, validity, source and the actions. */
export function StAgreementsTable({ rows, canWrite, onHistory, onEdit, onEnd }: Props) {
  return (
    <Table.ScrollContainer minWidth={900} type="native" aria-label="Tabela de acordos de ICMS-ST">
      <Table striped withTableBorder verticalSpacing="xs" data-testid="st-agreements-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Origem → destino</Table.Th>
            <Table.Th>Segmento</Table.Th>
            <Table.Th>CEST</Table.Th>
            <Table.Th>Acordo</Table.Th>
            <Table.Th>Instrumento</Table.Th>
            <Table.Th ta="right">MVA original</Table.Th>
            <Table.Th>Vigência</Table.Th>
            <Table.Th>Fonte</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const name = `${r.ufOrigem} → ${r.ufDestino}, segmento ${r.cestSegmento}`;
            return (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {r.ufOrigem} → {r.ufDestino}
                </Table.Td>
                <Table.Td>
                  <Tooltip label={cestSegmentoLabels[r.cestSegmento]}>
                    <Text size="sm" span tabIndex={0}>
                      {r.cestSegmento}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{r.cestCodigos ? r.cestCodigos.join(', ') : 'Todo o segmento'}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={r.temAcordo ? 'green' : 'gray'} variant="light" tt="none">
                    {r.temAcordo ? 'Com acordo' : 'Sem acordo'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.instrumento}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {r.mvaOriginal ? `${r.mvaOriginal.replace('.', ',')} %` : '—'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{period(r)}</Table.Td>
                <Table.Td>
                  <Anchor href={r.fonteUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    Abrir fonte<VisuallyHidden> de {name}</VisuallyHidden>
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {r.createdByName ? `Por ${r.updatedByName ?? r.createdByName}` : 'Tabela de referência'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => onHistory(r)} aria-label={`Histórico de ${name}`}>
                      Histórico
                    </Button>
                    {canWrite && (
                      <>
                        <Button size="xs" variant="light" onClick={() => onEdit(r)} aria-label={`Editar ${name}`}>
                          Editar
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="orange"
                          onClick={() => onEnd(r)}
                          aria-label={`Encerrar vigência de ${name}`}
                        >
                          Encerrar
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
