import { documentFindingGroupStatusLabels, type TDocumentFindingGroup } from '@app/contract';
import { ActionIcon, Anchor, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDate, formatDateTime, formatNumber } from '../../../components/ui/format';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';
import type { FindingFilters } from '../api/get-document-findings';
import { formatReais } from './format-reais';
import { GroupItems } from './group-items';
import { SeverityBadge } from './severity-badge';

const statusColor = { Aberto: 'blue', EmAnalise: 'yellow', Corrigido: 'green', Ignorado: 'gray' } as const;
const COLUMNS = 9;

interface Props {
  importId: string;
  groups: TDocumentFindingGroup[];
  filters: FindingFilters;
  pageSize: number;
  isLoading: boolean;
  emptyText: string;
  canEdit: boolean;
  onEditStatus: (group: TDocumentFindingGroup) => void;
}

const period = (g: TDocumentFindingGroup) =>
  g.firstDate === g.lastDate ? formatDate(g.firstDate) : `${formatDate(g.firstDate)} a ${formatDate(g.lastDate)}`;

/**
 * The worklist: one row per cause (kind, field, product, rule) with its size, money, dates, example documents and
 * status; a row opens to its items below it (the button says whether it is open, for screen readers too).
 */
export function FindingGroupsTable(p: Props) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table withTableBorder verticalSpacing="xs" data-testid="documents-groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Abrir</VisuallyHidden>
            </Table.Th>
            <Table.Th>Achado</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right">Itens</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Período</Table.Th>
            <Table.Th>Exemplos</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TablePlaceholderRows
            columns={COLUMNS}
            isLoading={p.isLoading}
            isEmpty={p.groups.length === 0}
            emptyText={p.emptyText}
          />
          {!p.isLoading &&
            p.groups.map((g) => {
              const isOpen = open.has(g.key);
              const panelId = `group-items-${g.key}`;
              return (
                <Fragment key={g.key}>
                  <Table.Tr data-testid="documents-group-row" data-group={g.key}>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        onClick={() => toggle(g.key)}
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? panelId : undefined}
                        aria-label={`${isOpen ? 'Fechar' : 'Abrir'} itens: ${g.label}, ${g.internalCode}`}
                        data-testid="documents-group-toggle"
                      >
                        {isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{g.label}</Text>
                      <Text size="xs" c="dimmed">
                        Campo {g.field}
                        {g.ruleCode ? ` · regra ${g.ruleCode}` : ''}
                      </Text>
                      <SeverityBadge severity={g.severity} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.member.home}
                        state={{ searchOptions: { field: 'internalCode', text: g.internalCode } }}
                        size="sm"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {g.internalCode}
                      </Anchor>
                      {g.description && <Text size="xs">{g.description}</Text>}
                      {g.ncm && (
                        <Text size="xs" c="dimmed">
                          NCM {g.ncm}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" data-testid="documents-group-items">
                        {formatNumber(g.items)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        em {formatNumber(g.documents)} doc.
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatReais(g.difference)}</Text>
                      {g.difference !== null && Number(g.difference) !== 0 && (
                        <Text size="xs" c="dimmed">
                          {Number(g.difference) > 0 ? 'recolhido a maior' : 'a recolher'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{period(g)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {g.examples.map((e) => `nº ${e.number}`).join(', ')}
                        {g.documents > g.examples.length ? '…' : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td miw={120}>
                      <Badge
                        variant="light"
                        color={statusColor[g.status.status]}
                        style={{ overflow: 'visible' }}
                        data-testid="documents-group-status"
                      >
                        {documentFindingGroupStatusLabels[g.status.status]}
                      </Badge>
                      {g.status.userName && (
                        <Text size="xs" c="dimmed">
                          {g.status.userName}, {formatDateTime(g.status.updatedAt)}
                        </Text>
                      )}
                      {g.status.reason && <Text size="xs">{g.status.reason}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {p.canEdit && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => p.onEditStatus(g)}
                          aria-label={`Alterar situação: ${g.label}, ${g.internalCode}`}
                          data-testid="documents-group-edit"
                        >
                          Situação
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {isOpen && (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS} id={panelId} bg="var(--mantine-color-gray-0)">
                        <GroupItems importId={p.importId} groupKey={g.key} filters={p.filters} pageSize={p.pageSize} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
