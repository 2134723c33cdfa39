import { pendingMessages, type TNamedRuleListItem, type Uf } from '@app/contract';
import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { formatNumber } from '../../../components/ui/format';
import { useStayWithinLastPage } from '../../../components/ui/pager';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useLinkProductsToRule } from '../../fiscal-rules/api/link-products-to-rule';
import { NamedRulesSelectDialog } from '../../fiscal-rules/components/named-rules-select-dialog';
import { BindCodeDialog, type BindSubject } from '../../global-products/components/bind-code-dialog';
import { LastBindingBanner } from '../../global-products/components/last-binding-banner';
import { useDeletePendingProducts } from '../api/delete-pending-products';
import { type PendingQuery, usePendingProducts } from '../api/get-pending-products';
import { BulkActions } from '../components/bulk-actions';
import { DeletePendingDialog } from '../components/delete-pending-dialog';
import { GlobalImportDialog } from '../components/global-import-dialog';
import { GlobalProductDialog } from '../components/global-product-dialog';
import { PageInputPager } from '../components/page-input-pager';
import { PendingSearchBar } from '../components/pending-search-bar';
import { PendingTable } from '../components/pending-table';
import { SelectedProducts, SelectionSummary } from '../components/selection-tabs';
import { usePendingSelection } from '../lib/use-pending-selection';

type Dialog = 'rule' | 'delete' | 'import' | null;

const ALL_PENDING: PendingQuery = { companyId: '', field: 'Descrição', searchPattern: 'INICIA COM', text: '', page: 1 };

/** /partner/products/global/pending: the staff queue of their clients' Pending products (spec 02 §2). */
export default function PendingProductsPage() {
  // The queue opens listed, newest first (issue 38): the search narrows it, it is not needed to see it.
  const [query, setQuery] = useState<PendingQuery | null>(ALL_PENDING);
  const [tab, setTab] = useState<string | null>('produtos');
  const [focusCompany, setFocusCompany] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [globalSource, setGlobalSource] = useState<ReturnType<typeof usePendingSelection>['selection'][number] | null>(
    null,
  );
  const [bindSubjects, setBindSubjects] = useState<BindSubject[] | null>(null);
  const list = usePendingProducts(query);
  const selection = usePendingSelection();
  const goToPage = useCallback((p: number) => setQuery((q) => (q ? { ...q, page: p } : q)), []);
  useStayWithinLastPage(query?.page ?? 1, list.data?.pages, goToPage);
  const link = useLinkProductsToRule();
  const remove = useDeletePendingProducts();

  const needSome = (message: string = pendingMessages.selectNone) => {
    if (selection.selection.length > 0) return true;
    notify('warning', message);
    return false;
  };

  const onBindRule = async (rule: TNamedRuleListItem) => {
    if (selection.selection.some((s) => s.companyUf !== rule.uf)) {
      notify('warning', pendingMessages.ufMismatch, 10_000);
      return;
    }
    try {
      const out = await link.mutateAsync({
        fiscalRuleId: rule.id,
        uf: rule.uf as Uf,
        productsId: selection.selection.map((s) => s.idProduct),
      });
      notify('success', out.message);
      selection.clear();
      setDialog(null);
      void list.refetch();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  const onDelete = async (typed: string) => {
    try {
      const out = await remove.mutateAsync({
        productIds: selection.selection.map((s) => s.idProduct),
        confirmation: typed,
      });
      notify('success', out.message);
      selection.clear();
      setDialog(null);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  const onCreateGlobal = () => {
    if (!needSome()) return;
    if (selection.selection.length > 1) {
      notify('warning', 'Marque somente um produto para cadastrar o produto global a partir dele.');
      return;
    }
    setGlobalSource(selection.selection[0] ?? null);
  };

  const page = list.data;
  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h3">
        Produtos Pendentes
      </Title>
      <LastBindingBanner onUndone={() => void list.refetch()} />
      <BulkActions
        count={selection.selection.length}
        onLinkGlobal={() =>
          needSome() &&
          setBindSubjects(
            selection.selection.map((s) => ({ id: s.idProduct, description: s.description, companyId: s.idCompany })),
          )
        }
        onLinkRule={() => needSome(pendingMessages.selectNoneRule) && setDialog('rule')}
        onCreateGlobal={onCreateGlobal}
        onImport={() => setDialog('import')}
        onClear={selection.clear}
        onDelete={() => needSome() && setDialog('delete')}
      />
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="produtos">Produtos</Tabs.Tab>
          <Tabs.Tab value="resumo">Resumo</Tabs.Tab>
          <Tabs.Tab value="selecionados">Selecionados ({formatNumber(selection.selection.length)})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="produtos" pt="md">
          <Stack>
            <PendingSearchBar isSearching={list.isFetching} onSearch={(q) => setQuery({ ...q, page: 1 })} />
            {page && (
              <Text size="sm" c="dimmed" data-testid="pending-count" aria-live="polite">
                {page.count === 1 ? '1 produto pendente' : `${formatNumber(page.count)} produtos pendentes`}
                {query?.text ? ` para "${query.text}"` : ', do mais recente ao mais antigo'}
              </Text>
            )}
            <Paper withBorder>
              <PendingTable
                rows={page?.objects ?? []}
                isLoading={list.isLoading}
                hasSearched={!!query?.text}
                isChecked={selection.has}
                onToggle={selection.toggle}
              />
            </Paper>
            {page && query && (
              <PageInputPager
                page={page.currentPage}
                pages={page.pages}
                onChange={(p) => setQuery({ ...query, page: p })}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="resumo" pt="md">
          <SelectionSummary
            selection={selection.selection}
            onOpen={(id) => {
              setFocusCompany(id);
              setTab('selecionados');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="selecionados" pt="md">
          <SelectedProducts selection={selection.selection} focusCompanyId={focusCompany} onUnmark={selection.unmark} />
        </Tabs.Panel>
      </Tabs>
      <BindCodeDialog
        products={bindSubjects}
        onClose={() => setBindSubjects(null)}
        onBound={() => {
          setBindSubjects(null);
          selection.clear();
          void list.refetch();
        }}
      />
      <NamedRulesSelectDialog
        opened={dialog === 'rule'}
        onClose={() => setDialog(null)}
        onBind={onBindRule}
        isBinding={link.isPending}
      />
      <DeletePendingDialog
        opened={dialog === 'delete'}
        count={selection.selection.length}
        isDeleting={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={onDelete}
      />
      <GlobalImportDialog opened={dialog === 'import'} onClose={() => setDialog(null)} />
      <GlobalProductDialog
        source={globalSource}
        onClose={() => setGlobalSource(null)}
        onSaved={() => {
          selection.clear();
          void list.refetch();
        }}
      />
    </Stack>
  );
}
