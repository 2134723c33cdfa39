import { globalProductMessages, type TSharedProduct } from '@app/contract';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { PageInputPager } from '../../../components/ui/page-input-pager';
import { getSelectedCompany } from '../../../lib/session';
import { partnerCompaniesQueryOptions } from '../../companies/api/partner-get-companies';
import { OperationsQueryDialog } from '../../operations/components/operations-query-dialog';
import { BarcodeDialog } from '../../products/components/barcode-dialog';
import { type GlobalProductsQuery, useGlobalProducts } from '../api/get-global-products';
import { GlobalProductsTable, type GlobalRow } from '../components/global-products-table';
import { GlobalRuleDetailsDialog } from '../components/global-rule-details-dialog';
import { GlobalSearchForm } from '../components/global-search-form';
import { globalPatternOptions } from '../lib/global-search';
import { useGlobalSearch } from '../lib/use-global-search';

type Row = GlobalRow & { product: TSharedProduct };

const toRow = (g: TSharedProduct): Row => ({
  key: g.id,
  description: g.description,
  gtin: g.gtin,
  ncm: g.ncm,
  cest: g.cest,
  piscofins: g.piscofins,
  nri: g.nri,
  cstIcmsCsosn: g.csticmscsosn,
  icms: g.icms,
  redIcms: g.redICMS,
  my: g.my,
  product: g,
});

/** "Produtos em azul são seus" with its blue dot (spec 02 §2). */
export function MineHint() {
  return (
    <Group gap={6}>
      <Box w={10} h={10} bg="blue.7" style={{ borderRadius: '50%' }} aria-hidden />
      <Text size="sm" c="dimmed">
        {globalProductMessages.hintMine}
      </Text>
    </Group>
  );
}

/**
 * /member/products/global and /partner/products/global (spec 02 §2, §5): the shared base searched by
 * UF, field, filter and text. The side is Member when the path contains "member": the company's UF
 * is loaded and fixed, the company is sent (its products come back blue) and operations can be
 * queried for it; the partner side picks one of its companies in the operations modal. The last
 * search options are kept in localStorage.
 */
export default function GlobalProductsPage() {
  const { pathname } = useLocation();
  const isMemberSide = pathname.includes('member');
  const company = isMemberSide ? getSelectedCompany() : null;
  const { form, setForm, search, page, setPage, submit } = useGlobalSearch(undefined, company?.uf);
  const [details, setDetails] = useState<Row | null>(null);
  const [operations, setOperations] = useState<Row | null>(null);
  const [barcode, setBarcode] = useState<Row | null>(null);

  const query = useMemo<GlobalProductsQuery | null>(
    () => (search ? { ...search, companyId: company?.id, page } : null),
    [search, page, company?.id],
  );
  const result = useGlobalProducts(query);
  const rows = useMemo(() => (result.data?.objects ?? []).map(toRow), [result.data]);
  // The partner side queries operations for one of its companies, picked in the modal (spec 02 §2 actions).
  const partnerCompanies = useQuery({ ...partnerCompaniesQueryOptions(), enabled: !isMemberSide });
  const companyChoices = useMemo(
    () => (partnerCompanies.data ?? []).map((c) => ({ id: c.id, label: `${c.nomeFantasia} (${c.uf})`, uf: c.uf })),
    [partnerCompanies.data],
  );
  const operationsTarget = useMemo(() => {
    if (!operations) return null;
    if (company) return { companyId: company.id, codeIntegrator: operations.product.code };
    return { companyId: '', companies: companyChoices, codeIntegrator: operations.product.code };
  }, [operations, company, companyChoices]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {isMemberSide ? 'Base Global de Produtos' : 'Produtos Globais'}
        </Title>
        {isMemberSide && <MineHint />}
      </Group>
      <Paper withBorder p="sm">
        <GlobalSearchForm
          value={form}
          onChange={setForm}
          onSearch={submit}
          patterns={globalPatternOptions}
          isUfFixed={isMemberSide}
          isSearching={result.isFetching}
        />
      </Paper>
      <Paper withBorder p="sm">
        <GlobalProductsTable
          rows={rows}
          isLoading={result.isLoading}
          hasSearched={!!search}
          onDetails={setDetails}
          onOperations={company || companyChoices.length > 0 ? setOperations : undefined}
          onBarcode={setBarcode}
        />
      </Paper>
      {result.data && (
        <PageInputPager
          page={result.data.currentPage}
          pages={result.data.pages}
          onChange={setPage}
          ariaLabel="Paginação de produtos globais"
        />
      )}
      <GlobalRuleDetailsDialog
        target={
          details && search
            ? {
                productCode: details.product.code,
                uf: search.uf,
                companyId: company?.id,
                description: details.description,
              }
            : null
        }
        onClose={() => setDetails(null)}
      />
      <OperationsQueryDialog target={operationsTarget} onClose={() => setOperations(null)} />
      <BarcodeDialog
        target={barcode?.gtin ? { gtin: barcode.gtin, description: barcode.description } : null}
        onClose={() => setBarcode(null)}
      />
    </Stack>
  );
}
