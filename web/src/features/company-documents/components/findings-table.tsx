import { documentFindingLabels, type TDocumentWorklistFinding } from '@app/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDate } from '../../../components/ui/format';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';
import { ChaveBlocks } from './chave-blocks';
import { formatReais } from './format-reais';
import { SeverityBadge } from './severity-badge';

/** Rates and amounts as pt-BR decimals (18,00); codes and texts as the document wrote them. */
const showValue = (v: string | null) => (v === null ? '—' : /^-?\d+\.\d+$/.test(v) ? v.replace('.', ',') : v);

interface Props {
  items: TDocumentWorklistFinding[];
  isLoading: boolean;
  emptyText: string;
  /** Inside an opened group the kind and product are the group's: only the item's own columns are shown. */
  compact?: boolean;
  testId?: string;
}

/** One page of findings; the code opens the product in "Meus Produtos" (searched by its internal code). */
export function FindingsTable({ items, isLoading, emptyText, compact = false, testId = 'documents-findings' }: Props) {
  const columns = compact ? 8 : 10;
  return (
    <Table.ScrollContainer minWidth={compact ? 820 : 980}>
      <Table striped withTableBorder verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {!compact && <Table.Th>Achado</Table.Th>}
            {!compact && <Table.Th>Produto</Table.Th>}
            <Table.Th>Documento</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>CFOP</Table.Th>
            <Table.Th>Campo</Table.Th>
            <Table.Th>Esperado</Table.Th>
            <Table.Th>No documento</Table.Th>
            <Table.Th ta="right">Diferença</Table.Th>
            <Table.Th>Rejeição</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TablePlaceholderRows
            columns={columns}
            isLoading={isLoading}
            isEmpty={items.length === 0}
            emptyText={emptyText}
          />
          {!isLoading &&
            items.map((f) => (
              <Table.Tr key={f.id}>
                {!compact && (
                  <Table.Td>
                    <Text size="sm">{documentFindingLabels[f.kind] ?? f.kind}</Text>
                    <SeverityBadge severity={f.severity} />
                  </Table.Td>
                )}
                {!compact && (
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
                    {f.description && <Text size="xs">{f.description}</Text>}
                    {f.ncm && (
                      <Text size="xs" c="dimmed">
                        NCM {f.ncm}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {f.direction === 'sale' ? 'Venda' : 'Compra'} nº {f.documentNumber}
                    {f.issuedOn ? ` · ${formatDate(f.issuedOn)}` : ''}
                  </Text>
                  {f.chave && <ChaveBlocks chave={f.chave} />}
                </Table.Td>
                <Table.Td>{f.nItem}</Table.Td>
                <Table.Td>{f.cfop ?? '—'}</Table.Td>
                <Table.Td>{f.field}</Table.Td>
                <Table.Td>{showValue(f.expected)}</Table.Td>
                <Table.Td>{showValue(f.found)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatReais(f.difference)}
                  {f.differenceText && Number(f.difference) !== 0 && (
                    <Text size="xs" c="dimmed">
                      {Number(f.difference) > 0 ? 'recolhido a maior' : 'a recolher'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{f.rejection ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
