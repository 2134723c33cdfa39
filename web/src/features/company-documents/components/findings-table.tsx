import { documentFindingLabels, type TDocumentFinding } from '@app/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';
import { formatReais } from './format-reais';

/** Rates and amounts as pt-BR decimals (18,00); codes and texts as the document wrote them. */
const showValue = (v: string | null) => (v === null ? '—' : /^-?\d+\.\d+$/.test(v) ? v.replace('.', ',') : v);

interface Props {
  items: TDocumentFinding[];
  isLoading: boolean;
  emptyText: string;
}

/** One page of findings; the code opens the product in "Meus Produtos" (searched by its internal code). */
export function FindingsTable({ items, isLoading, emptyText }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="documents-findings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Achado</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Esperado</Table.Th>
            <Table.Th>No documento</Table.Th>
            <Table.Th ta="right">Diferença</Table.Th>
            <Table.Th>Rejeição</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TablePlaceholderRows columns={9} isLoading={isLoading} isEmpty={items.length === 0} emptyText={emptyText} />
          {!isLoading &&
            items.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{documentFindingLabels[f.kind]}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.member.home}
                    state={{ searchOptions: { field: 'internalCode', text: f.internalCode } }}
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {f.internalCode}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {f.direction === 'sale' ? 'Venda' : 'Compra'} nº {f.documentNumber}
                  </Text>
                  {f.chave && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {f.chave}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{f.nItem}</Table.Td>
                <Table.Td>{f.field}</Table.Td>
                <Table.Td>{showValue(f.expected)}</Table.Td>
                <Table.Td>{showValue(f.found)}</Table.Td>
                <Table.Td ta="right">{formatReais(f.difference)}</Table.Td>
                <Table.Td>{f.rejection ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
