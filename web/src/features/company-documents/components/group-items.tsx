import { Stack } from '@mantine/core';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { type FindingFilters, useDocumentFindings } from '../api/get-document-findings';
import { FindingsTable } from './findings-table';

interface Props {
  importId: string;
  groupKey: string;
  filters: FindingFilters;
  pageSize: number;
}

/** The items of one opened group, under the same filters, in pages of the screen's size. */
export function GroupItems({ importId, groupKey, filters, pageSize }: Props) {
  const [page, setPage] = useState(1);
  const items = useDocumentFindings({ importId, filters, group: groupKey, page, pageSize, enabled: true });
  const pages = Math.max(1, Math.ceil((items.data?.total ?? 0) / pageSize));
  return (
    <Stack gap="xs">
      <FindingsTable
        items={items.data?.items ?? []}
        isLoading={items.isLoading}
        emptyText="Nenhum item neste grupo com estes filtros."
        compact
        testId={`documents-group-items-${groupKey}`}
      />
      {pages > 1 && <Pager page={page} pages={pages} onChange={setPage} ariaLabel="Páginas dos itens do grupo" />}
    </Stack>
  );
}
