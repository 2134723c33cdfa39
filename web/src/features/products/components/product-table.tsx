import { displayGtin, productStatusLabels, type TProduct, type TProductSortField } from '@app/contract';
import { Checkbox, EmptyState, Skeleton, Table } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCest, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatDate } from '../../../components/ui/format';
import { isMarkable } from '../lib/checked-products';
import { type ProductSort, SortableTh } from './sortable-th';

interface Props {
  products: TProduct[];
  isLoading: boolean;
  /** Shows the marking checkboxes (marking mode). */
  isMarking: boolean;
  checkedIds: ReadonlySet<string>;
  onToggle: (product: TProduct) => void;
  onTogglePage: () => void;
  renderActions: (product: TProduct) => ReactNode;
  sort: ProductSort;
  onSort: (field: TProductSortField) => void;
}

/** Row colours of spec 02 §2: Pending amber, InAudit red, the others normal. */
const rowColor: Partial<Record<TProduct['status'], string>> = {
  Pending: 'var(--mantine-color-yellow-1)',
  InAudit: 'var(--mantine-color-red-1)',
};

const skeletonRows = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];

/**
 * The products of one page: internal code, GTIN, integration code, status, marking checkbox,
 * description, NCM, CEST and the actions menu (spec 02 §2).
 */
export function ProductTable({
  products,
  isLoading,
  isMarking,
  checkedIds,
  onToggle,
  onTogglePage,
  renderActions,
  sort,
  onSort,
}: Props) {
  if (isLoading) {
    return (
      <div data-testid="products-loading">
        {skeletonRows.map((k) => (
          <Skeleton key={k} height={30} mb={6} />
        ))}
      </div>
    );
  }
  if (products.length === 0) {
    return (
      <EmptyState
        my="lg"
        icon={<IconPackageOff />}
        title="Nenhum produto encontrado"
        description="Cadastre, importe ou altere a pesquisa para ver produtos aqui."
        data-testid="products-empty"
      />
    );
  }
  const markable = products.filter((p) => isMarkable(p.status));
  const markedOnPage = markable.filter((p) => checkedIds.has(p.id)).length;
  return (
    <Table.ScrollContainer minWidth={900}>
      {/* 8 px between columns (not 10): ten columns and a readable description fit a 1366 px screen. */}
      <Table highlightOnHover horizontalSpacing={8} aria-label="Produtos" data-testid="products-table">
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="internalCode" sort={sort} onSort={onSort}>
              Código interno
            </SortableTh>
            <Table.Th>GTIN</Table.Th>
            <Table.Th>Código de integração</Table.Th>
            <Table.Th>Situação</Table.Th>
            {isMarking && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Marcar produtos da página"
                  checked={markable.length > 0 && markedOnPage === markable.length}
                  indeterminate={markedOnPage > 0 && markedOnPage < markable.length}
                  disabled={markable.length === 0}
                  onChange={onTogglePage}
                />
              </Table.Th>
            )}
            <SortableTh field="description" sort={sort} onSort={onSort} miw={200}>
              Descrição
            </SortableTh>
            <Table.Th>NCM</Table.Th>
            <Table.Th>CEST</Table.Th>
            <SortableTh field="updatedAt" sort={sort} onSort={onSort}>
              Atualização
            </SortableTh>
            <Table.Th w={60}>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.id} bg={rowColor[p.status]} data-status={p.status} data-code={p.internalCode}>
              <Table.Td>{p.internalCode}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayGtin(p.gtin)}</Table.Td>
              <Table.Td>{p.fiscalServiceReferenceCode ?? ''}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{productStatusLabels[p.status]}</Table.Td>
              {isMarking && (
                <Table.Td>
                  {isMarkable(p.status) && (
                    <Checkbox
                      aria-label={`Marcar produto ${p.internalCode}`}
                      checked={checkedIds.has(p.id)}
                      onChange={() => onToggle(p)}
                    />
                  )}
                </Table.Td>
              )}
              <Table.Td>{p.description}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNcm(p.ncm)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCest(p.cest)}</Table.Td>
              <Table.Td>{formatDate(p.updatedAt)}</Table.Td>
              <Table.Td>{renderActions(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
