import { cbsIbsTaxLabels, type TReformRate } from '@app/contract';
import { Badge, Button, Table, Text } from '@mantine/core';
import { formatDate } from '../../../components/ui/format';

/** The dated rates, a row per tax and year; only estimates offer "Editar". */
export function ReformRatesTable({ rows, onEdit }: { rows: TReformRate[]; onEdit: (row: TReformRate) => void }) {
  return (
    <Table striped withTableBorder verticalSpacing="xs" data-testid="reform-rates">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Ano</Table.Th>
          <Table.Th>Tributo</Table.Th>
          <Table.Th ta="right">Alíquota</Table.Th>
          <Table.Th miw={130}>Situação</Table.Th>
          <Table.Th>Fonte</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={`${r.tax}-${r.validFrom}`}>
            <Table.Td>{r.validFrom.slice(0, 4)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{cbsIbsTaxLabels[r.tax]}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {r.rate.replace('.', ',')} %
            </Table.Td>
            <Table.Td>
              {r.overridden ? (
                <Badge color="orange" variant="light" tt="none">
                  Editada
                </Badge>
              ) : r.estimated ? (
                <Badge color="yellow" variant="light" tt="none">
                  Estimada
                </Badge>
              ) : (
                <Badge color="green" variant="light" tt="none">
                  Fixada em lei
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="xs">{r.source}</Text>
              {r.overridden && r.editedAt && (
                <Text size="xs" c="dimmed">
                  Editada por {r.editedBy ?? '—'} em {formatDate(r.editedAt.slice(0, 10))}; arquivo oficial:{' '}
                  {r.fileRate.replace('.', ',')} %
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {r.estimated && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onEdit(r)}
                  aria-label={`Editar ${cbsIbsTaxLabels[r.tax]} de ${r.validFrom.slice(0, 4)}`}
                >
                  Editar
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
