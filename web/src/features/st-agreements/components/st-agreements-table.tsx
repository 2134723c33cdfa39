import { cestSegmentoLabels, type TStAgreement } from '@app/contract';
import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCalendarX, IconExternalLink, IconHistory, IconPencil } from '@tabler/icons-react';
import { formatAgreementPeriod } from '../lib/agreement-period';

interface Props {
  rows: TStAgreement[];
  canWrite: boolean;
  onHistory: (row: TStAgreement) => void;
  onEdit: (row: TStAgreement) => void;
  onEnd: (row: TStAgreement) => void;
}

/** An icon action with its name for screen readers and a tooltip for the mouse. */
function Action({
  label,
  icon,
  onClick,
  color,
}: {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** One agreement per row: pair, goods, agreement or not, instrument, MVA, validity and the actions (source first). */
export function StAgreementsTable({ rows, canWrite, onHistory, onEdit, onEnd }: Props) {
  return (
    <Table.ScrollContainer minWidth={760} type="native" aria-label="Tabela de acordos de ICMS-ST">
      <Table striped withTableBorder verticalSpacing="xs" data-testid="st-agreements-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Par</Table.Th>
            <Table.Th>Segmento e CEST</Table.Th>
            <Table.Th>Acordo</Table.Th>
            <Table.Th>Instrumento</Table.Th>
            <Table.Th ta="right">MVA</Table.Th>
            <Table.Th>Vigência</Table.Th>
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
                <Table.Td miw={170} maw={260}>
                  <Text size="sm">
                    {r.cestSegmento} · {r.cestCodigos ? r.cestCodigos.join(', ') : 'todo o segmento'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {cestSegmentoLabels[r.cestSegmento]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={r.temAcordo ? 'green' : 'gray'} variant="light" tt="none">
                    {r.temAcordo ? 'Com acordo' : 'Sem acordo'}
                  </Badge>
                </Table.Td>
                <Table.Td miw={110} maw={200}>
                  <Text size="sm">{r.instrumento}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {r.mvaOriginal ? `${r.mvaOriginal.replace('.', ',')} %` : '—'}
                </Table.Td>
                <Table.Td miw={100}>{formatAgreementPeriod(r)}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label="Abrir a fonte">
                      <ActionIcon
                        component="a"
                        href={r.fonteUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="subtle"
                        aria-label={`Abrir a fonte de ${name}`}
                      >
                        <IconExternalLink size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Action
                      label={`Histórico de ${name}`}
                      icon={<IconHistory size={18} />}
                      onClick={() => onHistory(r)}
                    />
                    {canWrite && (
                      <>
                        <Action label={`Editar ${name}`} icon={<IconPencil size={18} />} onClick={() => onEdit(r)} />
                        <Action
                          label={`Encerrar vigência de ${name}`}
                          icon={<IconCalendarX size={18} />}
                          color="orange"
                          onClick={() => onEnd(r)}
                        />
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
