import { classificationMessages, type TIntegratorProduct } from '@app/contract';
import { Badge, Group, LoadingOverlay, Paper, Stack, Table, Title, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { PageInputPager } from '../../../components/ui/page-input-pager';
import { getSelectedCompany } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import { BarcodeDialog } from '../../products/components/barcode-dialog';
import { type IntegratorQuery, useIntegratorProducts } from '../api/get-integrator-products';
import { GlobalProductsTable, type GlobalRow } from '../components/global-products-table';
import { GlobalRuleDetailsDialog } from '../components/global-rule-details-dialog';
import { GlobalSearchForm } from '../components/global-search-form';
import { finalizedPatternOptions } from '../lib/global-search';
import { useGlobalSearch } from '../lib/use-global-search';
import { MineHint } from './global-products-page';

type Row = GlobalRow & { product: TIntegratorProduct };

const toRow = (g: TIntegratorProduct): Row => ({
  key: g.id,
  description: g.description,
  gtin: g.gtin,
  ncm: g.ncm,
  cest: g.cest,
  piscofins: g.pisCofins,
  nri: g.nri,
  cstIcmsCsosn: g.cstIcmsCsosn,
  icms: g.icms,
  redIcms: g.redIcms,
  my: g.my,
  product: g,
});

/** The finalized screen keeps its own last search (its filter codes differ from the global screen's). */
const STORAGE_KEY = `${storageKeys.globalProductsSearch}Finalized`;

/**
 * /partner/products/global/finalized, "Produtos Finalizados" (spec 02 §2): the fiscal service's
 * classified products (GET /products/globalintegrator, through the integrator adapter) with their
 * integration code, rule version and named-rule exception; Pesquisar (or Enter) searches and the
 * overlay "Carregando produtos" covers the table meanwhile. On a member path the company is sent and
 * its own products are drawn in blue.
 */
export default function FinalizedProductsPage() {
  const { pathname } = useLocation();
  const company = pathname.includes('member') ? getSelectedCompany() : null;
  const { form, setForm, search, page, setPage, submit } = useGlobalSearch(STORAGE_KEY, company?.uf, 'SP');
  const [details, setDetails] = useState<Row | null>(null);
  const [barcode, setBarcode] = useState<Row | null>(null);
  const query = useMemo<IntegratorQuery | null>(
    () =>
      search
        ? {
            companyId: company?.id,
            uf: search.uf,
            field: search.field,
            consultTypeFilter: search.searchPattern,
            text: search.text,
            page,
          }
        : null,
    [search, page, company?.id],
  );
  const result = useIntegratorProducts(query);
  const rows = useMemo(() => (result.data?.objects ?? []).map(toRow), [result.data]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {classificationMessages.finalizedTitle}
        </Title>
        {company && <MineHint />}
      </Group>
      <Paper withBorder p="sm">
        <GlobalSearchForm
          value={form}
          onChange={setForm}
          onSearch={submit}
          patterns={finalizedPatternOptions}
          isUfFixed={!!company}
        />
      </Paper>
      <Paper withBorder p="sm" pos="relative">
        <LoadingOverlay
          visible={result.isFetching}
          loaderProps={{ children: classificationMessages.loadingProducts }}
          data-testid="finalized-loading"
        />
        <GlobalProductsTable
          rows={rows}
          isLoading={false}
          hasSearched={!!search && !result.isFetching}
          onDetails={setDetails}
          onBarcode={setBarcode}
          extraHead={<Table.Th>Cód. integração</Table.Th>}
          extraCells={(r) => (
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {r.product.codeIntegrator}
                {r.product.exceptionCode && (
                  <Tooltip label="Classificado por uma regra nomeada (exceção)">
                    <Badge size="xs" variant="light" color="grape">
                      exceção
                    </Badge>
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
          )}
        />
      </Paper>
      {result.data && (
        <PageInputPager
          page={result.data.currentPage}
          pages={result.data.pages}
          onChange={setPage}
          ariaLabel="Paginação de produtos finalizados"
        />
      )}
      <GlobalRuleDetailsDialog
        target={
          details && search
            ? {
                productCode: details.product.codeIntegrator,
                ruleCode: details.product.ruleCode,
                exceptionCode: details.product.exceptionCode,
                uf: search.uf,
                companyId: company?.id,
                description: details.description,
              }
            : null
        }
        onClose={() => setDetails(null)}
      />
      <BarcodeDialog
        target={barcode?.gtin ? { gtin: barcode.gtin, description: barcode.description } : null}
        onClose={() => setBarcode(null)}
      />
    </Stack>
  );
}
