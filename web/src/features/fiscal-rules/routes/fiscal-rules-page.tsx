import { countOf, hasPermission, type TFiscalRule, type TFiscalRuleGroup } from '@app/contract';
import { Badge, Button, Group, Indicator, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { parseDecimalText } from '../../../components/ui/decimal-text';
import { formatCest, formatNcm, unmaskNcm } from '../../../components/ui/fiscal-masks';
import { Pager } from '../../../components/ui/pager';
import { getSession } from '../../../lib/session';
import { OperationsQueryDialog, type OperationsTarget } from '../../operations/components/operations-query-dialog';
import { ReferenceSourcesButton } from '../../reference/components/reference-sources-button';
import { useFiscalRuleGroupDetails } from '../api/get-fiscal-rule-group-details';
import { type GroupingsQuery, useFiscalRuleGroupings } from '../api/get-fiscal-rule-groupings';
import { useSetRuleStatus } from '../api/set-rule-status';
import { CompleteRuleDialog } from '../components/complete-rule-dialog';
import { FiscalRuleDetailsDialog, type RuleDetailsTarget } from '../components/fiscal-rule-details-dialog';
import { FiscalRulesFilterDialog } from '../components/fiscal-rules-filter-dialog';
import { FiscalRulesTable, groupKeyOf } from '../components/fiscal-rules-table';
import { NamedRuleDialog } from '../components/named-rule-dialog';
import { RuleProductsDialog } from '../components/rule-products-dialog';
import { type StateRuleAction, StateRulesTable } from '../components/state-rules-table';
import { countActiveFilters, emptyFilters, type FiscalRuleFilters, RULES_PER_PAGE } from '../lib/filters';
import { emptyNamedRuleForm, formFromRule, type NamedRuleForm } from '../lib/named-rule-form';

function toQuery(f: FiscalRuleFilters, page: number): GroupingsQuery {
  return {
    amountPerPage: RULES_PER_PAGE,
    page,
    ncm: unmaskNcm(f.ncm) || undefined,
    cest: f.cest || undefined,
    uf: (f.uf || undefined) as GroupingsQuery['uf'],
    cfopEntrada: f.cfopEntrada || undefined,
    cfopSaida: f.cfopSaida || undefined,
    aliqICMS: f.aliqICMS ? (parseDecimalText(f.aliqICMS) ?? undefined) : undefined,
    status: f.status || undefined,
    gtin: f.gtin || undefined,
  };
}

type Confirm = { rule: TFiscalRule; action: 'check' | 'uncheck' };
type NamedDialog = { initial: NamedRuleForm; editRuleId?: string };

/** Partner screen /partner/fiscal-rules (spec 02 §2 "Fiscal rules screen"). */
export default function FiscalRulesPage() {
  const canWrite = hasPermission(getSession()?.role, 'write:fiscal-rule:global');
  const [filters, setFilters] = useState<FiscalRuleFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const [selected, setSelected] = useState<TFiscalRuleGroup | null>(null);
  const [openRule, setOpenRule] = useState<TFiscalRule | null>(null);
  const [named, setNamed] = useState<NamedDialog | null>(null);
  const [productsRuleId, setProductsRuleId] = useState<string | null>(null);
  const [detailsTarget, setDetailsTarget] = useState<RuleDetailsTarget | null>(null);
  const [operationsTarget, setOperationsTarget] = useState<OperationsTarget | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const detailsRef = useRef<HTMLDivElement>(null);

  const query = useMemo(() => toQuery(filters, page), [filters, page]);
  const groupings = useFiscalRuleGroupings(query);
  const groupKey = selected ? { ncm: selected.ncm, cest: selected.cest } : null;
  const details = useFiscalRuleGroupDetails(groupKey);
  const setStatus = useSetRuleStatus();

  const rules = details.data?.rules ?? [];
  const productsRule = rules.find((r) => r.id === productsRuleId) ?? null;
  const data = groupings.data;

  const onApply = (f: FiscalRuleFilters) => {
    setFilters(f);
    setPage(1);
    setSelected(null);
    setIsFilterOpen(false);
  };

  const onAction = (rule: TFiscalRule, action: StateRuleAction) => {
    if (action === 'clone') setNamed({ initial: { ...formFromRule(rule), description: '' } });
    else if (action === 'products') setProductsRuleId(rule.id);
    else setConfirm({ rule, action });
  };

  const onConfirm = async () => {
    if (!confirm) return;
    const { rule, action } = confirm;
    setConfirm(null);
    await setStatus.mutateAsync({ fiscalRuleId: rule.id, action });
    // Marking a rule as conferred goes straight to its products (spec 02 §4).
    if (action === 'check') setProductsRuleId(rule.id);
  };

  // The state rules appear under a table of up to 15 groups: bring them into view when a group is chosen.
  useEffect(() => {
    if (selected) detailsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  const activeFilters = countActiveFilters(filters);
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h3">
            Regras Fiscais
          </Title>
          <Badge variant="light" size="lg" tt="none" data-testid="rules-count">
            {countOf(data?.count ?? 0, 'regra', 'regras')}
          </Badge>
        </Group>
        <Group gap="xs">
          <ReferenceSourcesButton />
          {canWrite && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setNamed({ initial: emptyNamedRuleForm })}
            >
              Nova regra nomeada
            </Button>
          )}
          <Indicator label={activeFilters} size={16} disabled={activeFilters === 0}>
            <Button leftSection={<IconFilter size={16} />} onClick={() => setIsFilterOpen(true)}>
              Filtrar
            </Button>
          </Indicator>
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <FiscalRulesTable
          groups={data?.objects ?? []}
          offset={(page - 1) * RULES_PER_PAGE}
          isLoading={groupings.isLoading}
          selectedKey={selected ? groupKeyOf(selected) : null}
          onSelect={setSelected}
        />
        {data && data.count > 0 && (
          <Group justify="center" mt="sm">
            <Pager page={data.currentPage} pages={data.pages} onChange={setPage} testId="rules-pager-label" />
          </Group>
        )}
      </Paper>

      {selected && (
        <Paper withBorder p="sm" ref={detailsRef} style={{ scrollMarginTop: 16 }} data-testid="group-details">
          <Group gap="xs" mb="xs">
            <Title order={2} size="h5">
              NCM {formatNcm(selected.ncm)}
              {selected.cest ? ` · CEST ${formatCest(selected.cest)}` : ''}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {details.data?.ncmDescription ?? selected.ncmDescription ?? ''}
            </Text>
          </Group>
          <StateRulesTable
            rules={rules}
            isLoading={details.isLoading}
            canWrite={canWrite}
            onOpenRule={setOpenRule}
            onAction={onAction}
          />
        </Paper>
      )}

      <FiscalRulesFilterDialog
        opened={isFilterOpen}
        value={filters}
        onClose={() => setIsFilterOpen(false)}
        onApply={onApply}
      />
      <CompleteRuleDialog
        rule={openRule}
        canWrite={canWrite}
        onClose={() => setOpenRule(null)}
        onClone={(r) => {
          setOpenRule(null);
          setNamed({ initial: { ...formFromRule(r), description: '' } });
        }}
        onEdit={(r) => {
          setOpenRule(null);
          setNamed({ initial: formFromRule(r), editRuleId: r.id });
        }}
      />
      <NamedRuleDialog
        opened={named !== null}
        initial={named?.initial}
        editRuleId={named?.editRuleId}
        onClose={() => setNamed(null)}
      />
      <RuleProductsDialog
        rule={productsRule}
        canWrite={canWrite}
        onClose={() => setProductsRuleId(null)}
        onOpenProduct={(p) =>
          setDetailsTarget({
            fiscalRuleId: p.fiscalRuleId ?? productsRuleId,
            productId: p.id,
            productDescription: p.description,
            companyId: p.companyId,
          })
        }
      />
      <FiscalRuleDetailsDialog
        target={detailsTarget}
        onClose={() => setDetailsTarget(null)}
        onOpenOperations={(t) =>
          t.productId && t.companyId && setOperationsTarget({ productId: t.productId, companyId: t.companyId })
        }
      />
      <OperationsQueryDialog target={operationsTarget} onClose={() => setOperationsTarget(null)} />
      <ConfirmDialog
        opened={confirm !== null}
        title="Regra fiscal"
        message={
          confirm?.action === 'check'
            ? 'Deseja realmente marcar esta regra como conferida?'
            : 'Deseja realmente desmarcar esta regra como conferida?'
        }
        onCancel={() => setConfirm(null)}
        onConfirm={onConfirm}
        isLoading={setStatus.isPending}
      />
    </Stack>
  );
}
