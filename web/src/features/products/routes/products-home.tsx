import type { TProduct } from '@app/contract';
import { Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { formatNumber } from '../../../components/ui/format';
import { Pager, useStayWithinLastPage } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getSelectedCompany, getSession } from '../../../lib/session';
import { useCan } from '../../auth/lib/use-can';
import { LastBindingBanner } from '../../global-products/components/last-binding-banner';
import { checkProductChanges } from '../api/check-product-changes';
import { useProducts } from '../api/get-products';
import { CheckedProductsDialog } from '../components/checked-products-dialog';
import { type ActiveAction, ProductActionDialogs } from '../components/product-action-dialogs';
import { ProductActionsMenu } from '../components/product-actions-menu';
import { ProductSearchPanel } from '../components/product-search-panel';
import { ProductTable } from '../components/product-table';
import { ProductsTopBar, type UserPermissionCheck } from '../components/products-top-bar';
import { RegisterProductDialog } from '../components/register-product-dialog';
import { defaultProductSort, nextProductSort, type ProductSort } from '../components/sortable-th';
import { useCheckedProducts } from '../components/use-checked-products';
import { getProductActions } from '../lib/product-actions';
import {
  describeCardFilter,
  hasCardFlag,
  mergeSearchOptions,
  normalizeForRole,
  type ProductSearchOptions,
  toProductsQuery,
} from '../lib/search-options';

/**
 * /member/home: the selected company's products (spec 02 §2 "Products home"). The indicators cards
 * (spec 01 §2) navigate here with `state: { searchOptions }`, which becomes the first search.
 */
export default function ProductsHomePage() {
  const company = getSelectedCompany();
  const role = getSession()?.role;
  const isMember = role === 'Member';
  // Members are restricted by their user permissions; staff are not (spec 02 §6, issue 4).
  const allows: UserPermissionCheck = useCan().allows;

  const location = useLocation();
  const navigate = useNavigate();
  const [options, setOptions] = useState<ProductSearchOptions>(() =>
    normalizeForRole(
      mergeSearchOptions((location.state as { searchOptions?: ProductSearchOptions })?.searchOptions),
      isMember,
    ),
  );
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ProductSort>(defaultProductSort);
  // Marking mode starts on for staff and is forced off at load for Members (spec 02 §6); anyone can toggle it.
  const [isMarking, setIsMarking] = useState(!isMember);
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [isRegisterOpen, setIsRegisterOpen] = useState(false);
  const [isCheckedOpen, setIsCheckedOpen] = useState(false);
  const [active, setActive] = useState<ActiveAction | null>(null);

  const query = useMemo(
    () => ({ ...toProductsQuery(company.id, options, page, isMember), sort: sort.field, order: sort.order }),
    [company.id, options, page, isMember, sort],
  );
  const list = useProducts(query);
  const qc = useQueryClient();
  const marks = useCheckedProducts(company.id);
  const products = list.data?.objects ?? [];
  useStayWithinLastPage(page, list.data?.pages, setPage);

  const onSearch = (next: ProductSearchOptions) => {
    setOptions(next);
    setPage(1);
    setIsSearchOpen(false);
  };
  const refresh = () => void list.refetch();
  const onCheckChanges = async () => {
    try {
      const out = await checkProductChanges(company.id);
      notify('info', out.message, 10_000);
      void qc.invalidateQueries({ queryKey: ['products'] });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };
  const onProductChanged = (p: TProduct) => {
    marks.uncheck(p.id);
    void qc.invalidateQueries({ queryKey: ['products'] });
  };

  const ctx = { isMember, canDelete: allows('Delete'), canBind: allows('Create') };
  return (
    <Stack gap="md">
      <ProductsTopBar
        count={list.data?.count ?? 0}
        cardFilter={hasCardFlag(options) ? describeCardFilter(options) : null}
        markedCount={marks.checked.length}
        isMarking={isMarking}
        allows={allows}
        onClearCardFilter={() => onSearch(normalizeForRole(mergeSearchOptions(null), isMember))}
        onAdd={() => setIsRegisterOpen(true)}
        onSearch={() => setIsSearchOpen(true)}
        onRefresh={refresh}
        onToggleMarking={() => setIsMarking((m) => !m)}
        onOpenChecked={() => setIsCheckedOpen(true)}
        onImport={() => navigate(paths.member.productsImport)}
        onExport={() => navigate(paths.member.productsExport)}
        onHealth={() => navigate(paths.member.productsHealth)}
        onDocuments={() => navigate(paths.member.productsDocuments)}
        onCheckChanges={() => void onCheckChanges()}
      />

      <LastBindingBanner onUndone={() => void qc.invalidateQueries({ queryKey: ['products', 'list'] })} />
      <Paper withBorder p="sm">
        <ProductTable
          products={products}
          isLoading={list.isLoading}
          isMarking={isMarking}
          checkedIds={marks.checkedIds}
          onToggle={marks.toggle}
          onTogglePage={() => marks.togglePage(products)}
          sort={sort}
          onSort={(field) => {
            setSort((s) => nextProductSort(s, field));
            setPage(1);
          }}
          renderActions={(p) => (
            <ProductActionsMenu
              productCode={p.internalCode}
              actions={getProductActions(p, ctx)}
              onAction={(action) => setActive({ product: p, action })}
            />
          )}
        />
      </Paper>
      <Pager
        page={list.data?.currentPage ?? page}
        pages={list.data?.pages ?? 1}
        onChange={setPage}
        formatLabel={(p, total) => `página ${formatNumber(p)} de ${formatNumber(total)}`}
        ariaLabel="Paginação de produtos"
        testId="products-pager-label"
      />

      <ProductSearchPanel
        opened={isSearchOpen}
        isMember={isMember}
        value={options}
        onClose={() => setIsSearchOpen(false)}
        onSearch={onSearch}
      />
      <RegisterProductDialog
        opened={isRegisterOpen}
        companyId={company.id}
        onClose={() => setIsRegisterOpen(false)}
        // spec 02 §9: the list refreshes 1 s after a product is saved
        onSaved={() => setTimeout(() => void qc.invalidateQueries({ queryKey: ['products', 'list'] }), 1000)}
      />
      <CheckedProductsDialog
        opened={isCheckedOpen}
        checked={marks.checked}
        onClose={() => setIsCheckedOpen(false)}
        onUncheck={(p) => marks.uncheck(p.id)}
        onUncheckAll={marks.clear}
      />
      <ProductActionDialogs
        active={active}
        companyId={company.id}
        onChange={setActive}
        onProductChanged={onProductChanged}
        marked={marks.checked}
        onShowMarked={() => setIsCheckedOpen(true)}
        onBatchBound={() => {
          marks.clear();
          // spec 02 §9: the list reloads 1 to 1.5 s after a bulk action
          setTimeout(() => void qc.invalidateQueries({ queryKey: ['products'] }), 1000);
        }}
      />
    </Stack>
  );
}
