import type { TProduct } from '@app/contract';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Title, Tooltip } from '@mantine/core';
import {
  IconCheckbox,
  IconDotsVertical,
  IconFileExport,
  IconFileImport,
  IconListCheck,
  IconPlus,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { getSelectedCompany, getSession } from '../../../lib/session';
import { useCurrentUser } from '../api/get-current-user';
import { type ProductsQuery, useProducts } from '../api/get-products';
import { CheckedProductsDialog } from '../components/checked-products-dialog';
import { type ActiveAction, ProductActionDialogs } from '../components/product-action-dialogs';
import { ProductActionsMenu } from '../components/product-actions-menu';
import { ProductSearchPanel } from '../components/product-search-panel';
import { ProductTable } from '../components/product-table';
import { ProductsPager } from '../components/products-pager';
import { RegisterProductDialog } from '../components/register-product-dialog';
import { useCheckedProducts } from '../components/use-checked-products';
import { getProductActions } from '../lib/product-actions';
import {
  cleanSearchText,
  hasCardFlag,
  mergeSearchOptions,
  normalizeForRole,
  type ProductSearchOptions,
} from '../lib/search-options';

/**
 * Search options → GET /products query; indicator-card flags are sent only when set. With every
 * situation on no status flag is sent, so the list also holds products in Error (their
 * occurrences action would be unreachable otherwise).
 */
function toListQuery(companyId: string, o: ProductSearchOptions, page: number, isMember: boolean): ProductsQuery {
  const isAll = o.pending && o.classified && o.returned && (isMember || o.inAudit);
  const flag = (v: boolean) => (isAll ? undefined : v);
  return {
    companyId,
    page,
    pending: flag(o.pending),
    classified: flag(o.classified),
    returned: flag(o.returned),
    inAudit: flag(o.inAudit),
    binded: o.binded || undefined,
    field: o.field,
    text: cleanSearchText(o.field, o.text) || undefined,
    startDate: o.startDate || undefined,
    endDate: o.endDate || undefined,
    finished: o.finished || undefined,
    finishedByFiscalServiceLink: o.finishedByFiscalServiceLink || undefined,
    audit: o.audit || undefined,
  };
}

const cardLabel = (o: ProductSearchOptions) =>
  o.finishedByFiscalServiceLink ? 'Classificados por vínculo' : o.finished ? 'Classificados' : 'Em auditoria';

/**
 * /member/home: the selected company's products (spec 02 §2 "Products home"). The indicators cards
 * (spec 01 §2) navigate here with `state: { searchOptions }`, which becomes the first search.
 */
export default function ProductsHomePage() {
  const company = getSelectedCompany();
  const role = getSession()?.role;
  const isMember = role === 'Member';
  const me = useCurrentUser();
  const permissions = me.data?.permissions;
  // Members are restricted by their user permissions; staff are not (spec 02 §6, issue 4).
  const allows = (p: 'Create' | 'Delete' | 'Import' | 'Export') => !isMember || !!permissions?.includes(p);

  const location = useLocation();
  const navigate = useNavigate();
  const [options, setOptions] = useState<ProductSearchOptions>(() =>
    normalizeForRole(
      mergeSearchOptions((location.state as { searchOptions?: ProductSearchOptions })?.searchOptions),
      isMember,
    ),
  );
  const [page, setPage] = useState(1);
  // Marking mode starts on for staff and is forced off at load for Members (spec 02 §6); anyone can toggle it.
  const [isMarking, setIsMarking] = useState(!isMember);
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [isRegisterOpen, setIsRegisterOpen] = useState(false);
  const [isCheckedOpen, setIsCheckedOpen] = useState(false);
  const [active, setActive] = useState<ActiveAction | null>(null);

  const query = useMemo(() => toListQuery(company.id, options, page, isMember), [company.id, options, page, isMember]);
  const list = useProducts(query);
  const qc = useQueryClient();
  const marks = useCheckedProducts(company.id);
  const products = list.data?.objects ?? [];

  const onSearch = (next: ProductSearchOptions) => {
    setOptions(next);
    setPage(1);
    setIsSearchOpen(false);
  };
  const refresh = () => void list.refetch();
  const onProductChanged = (p: TProduct) => {
    marks.uncheck(p.id);
    void qc.invalidateQueries({ queryKey: ['products'] });
  };

  const ctx = { isMember, canDelete: allows('Delete') };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>Meus Produtos</Title>
          <Badge variant="light" size="lg" data-testid="products-count">
            {list.data?.count ?? 0} produtos
          </Badge>
          {hasCardFlag(options) && (
            <Badge
              variant="outline"
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label="Remover filtro"
                  onClick={() => onSearch(normalizeForRole(mergeSearchOptions(null), isMember))}
                >
                  ×
                </ActionIcon>
              }
            >
              Filtro: {cardLabel(options)}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {allows('Create') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setIsRegisterOpen(true)}>
              Adicionar
            </Button>
          )}
          <Button variant="light" leftSection={<IconSearch size={16} />} onClick={() => setIsSearchOpen(true)}>
            Pesquisar
          </Button>
          <Tooltip label="Atualizar">
            <ActionIcon variant="light" size="lg" aria-label="Atualizar" onClick={refresh}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <ActionIcon variant="light" size="lg" aria-label="Outras ações">
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconCheckbox size={16} />} onClick={() => setIsMarking((m) => !m)}>
                {isMarking ? 'Desativar marcação de produtos' : 'Marcar produtos'}
              </Menu.Item>
              <Menu.Item leftSection={<IconListCheck size={16} />} onClick={() => setIsCheckedOpen(true)}>
                Produtos marcados ({marks.checked.length})
              </Menu.Item>
              {allows('Import') && (
                <Menu.Item
                  leftSection={<IconFileImport size={16} />}
                  onClick={() => navigate(paths.member.productsImport)}
                >
                  Importar produtos
                </Menu.Item>
              )}
              {allows('Export') && (
                <Menu.Item
                  leftSection={<IconFileExport size={16} />}
                  onClick={() => navigate(paths.member.productsExport)}
                >
                  Exportar produtos
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <ProductTable
          products={products}
          isLoading={list.isLoading}
          isMarking={isMarking}
          checkedIds={marks.checkedIds}
          onToggle={marks.toggle}
          onTogglePage={() => marks.togglePage(products)}
          renderActions={(p) => (
            <ProductActionsMenu
              productCode={p.internalCode}
              actions={getProductActions(p, ctx)}
              onAction={(action) => setActive({ product: p, action })}
            />
          )}
        />
      </Paper>
      <ProductsPager page={list.data?.currentPage ?? page} pages={list.data?.pages ?? 1} onChange={setPage} />

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
      />
    </Stack>
  );
}
