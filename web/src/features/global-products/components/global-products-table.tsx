import { displayGtin } from '@app/contract';
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconBarcode, IconFileSearch, IconListDetails } from '@tabler/icons-react';
import { formatCest, formatDecimalOrDash, formatNcm } from '../../../components/ui/fiscal-masks';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';
import { CodeHint } from '../../reference/components/code-hint';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';

/** A row of the global or finalized screen (shared product or integrator product). */
export interface GlobalRow {
  key: string;
  description: string;
  gtin: string | null;
  ncm: string;
  cest: string | null;
  piscofins: string | null;
  nri: string | null;
  cstIcmsCsosn: string | null;
  icms: string | null;
  redIcms: string | null;
  my: boolean;
}

interface Props<T extends GlobalRow> {
  rows: T[];
  isLoading: boolean;
  hasSearched: boolean;
  onDetails: (row: T) => void;
  /** Absent: no operations action (no company to query for: a partner without companies). */
  onOperations?: (row: T) => void;
  onBarcode: (row: T) => void;
  /** Extra leading columns (the finalized screen's integration code). */
  extraHead?: React.ReactNode;
  extraCells?: (row: T) => React.ReactNode;
}

const COLUMNS = 10;
/** The member's own products are drawn in blue (spec 02 §2, §6). */
const MINE = 'var(--mantine-color-blue-7)';

/**
 * The actions column stays at the right edge while the other columns scroll under it: on a 1024 px screen
 * each row's Detalhes, Operações and Código de barras stay in view (issue 24).
 */
const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
} as const;

/** Table of spec 02 §2 "Global (shared) products screen": columns and actions. */
export function GlobalProductsTable<T extends GlobalRow>(p: Props<T>) {
  const m = useCodeMeanings();
  const isEmpty = !p.isLoading && p.rows.length === 0;
  return (
    <>
      <Table.ScrollContainer minWidth={isEmpty ? 0 : 1000}>
        <Table striped highlightOnHover aria-label="Produtos globais" data-testid="global-products-table">
          <Table.Thead>
            <Table.Tr>
              {p.extraHead}
              <Table.Th miw={260}>Descrição</Table.Th>
              <Table.Th>GTIN</Table.Th>
              <Table.Th>NCM</Table.Th>
              <Table.Th>CEST</Table.Th>
              <Table.Th>PIS/Cofins</Table.Th>
              <Table.Th>NRI</Table.Th>
              <Table.Th>CST ICMS ou CSOSN</Table.Th>
              <Table.Th>% ICMS</Table.Th>
              <Table.Th>% Redução ICMS</Table.Th>
              <Table.Th w={110} style={STICKY_ACTIONS}>
                Ações
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.isLoading ? (
              <TablePlaceholderRows
                columns={COLUMNS + (p.extraHead ? 1 : 0)}
                isLoading
                isEmpty
                emptyText=""
                skeletonTestId="global-products-loading"
              />
            ) : (
              p.rows.map((r) => (
                <Table.Tr key={r.key} data-mine={r.my || undefined} style={r.my ? { color: MINE } : undefined}>
                  {p.extraCells?.(r)}
                  <Table.Td fw={r.my ? 600 : undefined}>{r.description}</Table.Td>
                  <Table.Td>{r.gtin ? displayGtin(r.gtin) : '-'}</Table.Td>
                  <Table.Td>{formatNcm(r.ncm)}</Table.Td>
                  <Table.Td>{r.cest ? formatCest(r.cest) : '-'}</Table.Td>
                  <Table.Td>
                    <CodeHint meanings={m} kind="PIS" code={r.piscofins} />
                  </Table.Td>
                  <Table.Td>{r.nri ?? '-'}</Table.Td>
                  <Table.Td>
                    <CodeHint
                      meanings={m}
                      kind={r.cstIcmsCsosn?.length === 3 ? 'CSOSN' : 'ICMS'}
                      code={r.cstIcmsCsosn}
                    />
                  </Table.Td>
                  <Table.Td>{formatDecimalOrDash(r.icms)}</Table.Td>
                  <Table.Td>{formatDecimalOrDash(r.redIcms)}</Table.Td>
                  <Table.Td style={STICKY_ACTIONS}>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label="Detalhes">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Detalhes de ${r.description}`}
                          onClick={() => p.onDetails(r)}
                        >
                          <IconListDetails size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {p.onOperations && (
                        <Tooltip label="Operações">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Operações de ${r.description}`}
                            onClick={() => p.onOperations?.(r)}
                          >
                            <IconFileSearch size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {r.gtin && (
                        <Tooltip label="Código de barras">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Código de barras de ${r.description}`}
                            onClick={() => p.onBarcode(r)}
                          >
                            <IconBarcode size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* Below the table, not in a row spanning its scrolled width: never cut off on a narrow screen. */}
      {isEmpty && (
        <Text c="dimmed" ta="center" py="lg" data-testid="global-products-empty">
          {p.hasSearched
            ? 'Nenhum produto encontrado.'
            : 'Escolha o campo, digite o texto da pesquisa e clique em Pesquisar.'}
        </Text>
      )}
    </>
  );
}
