import type { TFiscalRule } from '@app/contract';
import { ActionIcon, Menu, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconDotsVertical, IconListDetails, IconSquareCheck, IconSquareOff } from '@tabler/icons-react';
import { rowKeyboardProps } from '../../../components/ui/clickable-row';
import { formatCfop, formatDecimalOrDash } from '../../../components/ui/fiscal-masks';
import { CodeHint } from '../../reference/components/code-hint';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';

export type StateRuleAction = 'clone' | 'check' | 'uncheck' | 'products';

interface Props {
  rules: TFiscalRule[];
  isLoading: boolean;
  canWrite: boolean;
  onOpenRule: (rule: TFiscalRule) => void;
  onAction: (rule: TFiscalRule, action: StateRuleAction) => void;
}

const pair = (a: string | null, b: string | null) => (a || b ? `${a ?? '-'}/${b ?? '-'}` : '-');
const dash = (v: string | null) => v || '-';

/**
 * State rules of the selected group. Named rules are italic and underlined, checked rules green
 * (spec 02 §2); a click on a cell opens the complete rule.
 */
export function StateRulesTable({ rules, isLoading, canWrite, onOpenRule, onAction }: Props) {
  const m = useCodeMeanings();
  if (isLoading) {
    return (
      <div data-testid="state-rules-loading">
        {['s1', 's2', 's3'].map((k) => (
          <Skeleton key={k} height={28} mb={6} />
        ))}
      </div>
    );
  }
  if (rules.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        Nenhuma regra estadual para este NCM.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        highlightOnHover
        withTableBorder
        horizontalSpacing={6}
        aria-label="Regras estaduais"
        data-testid="state-rules-table"
        fz="xs"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>UF</Table.Th>
            <Table.Th>CFOP Ent./Saída</Table.Th>
            <Table.Th>CST/CSOSN ICMS</Table.Th>
            <Table.Th>ICMS%</Table.Th>
            <Table.Th>Red. BC ICMS%</Table.Th>
            <Table.Th>ICMS ST%</Table.Th>
            <Table.Th>Red. BC ICMS ST%</Table.Th>
            <Table.Th>CST P/C</Table.Th>
            <Table.Th>PIS%</Table.Th>
            <Table.Th>COFINS%</Table.Th>
            <Table.Th>EX IPI</Table.Th>
            <Table.Th>CST IPI</Table.Th>
            <Table.Th w={44}>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((r) => {
            const s = r.stateRule;
            const f = r.federalRule;
            const isChecked = r.status === 'Checked';
            const style = {
              cursor: 'pointer',
              fontStyle: r.isNamed ? 'italic' : undefined,
              textDecoration: r.isNamed ? 'underline' : undefined,
              color: isChecked ? 'var(--mantine-color-green-8)' : undefined,
            } as const;
            const cells = [
              s.uf,
              pair(s.cfopEntrada && formatCfop(s.cfopEntrada), s.cfopSaida && formatCfop(s.cfopSaida)),
              <CodeHint key="cst" meanings={m} kind={s.cstICMS ? 'ICMS' : 'CSOSN'} code={s.cstICMS || s.cstCSOSN} />,
              formatDecimalOrDash(s.aliqICMS),
              formatDecimalOrDash(s.redBCICMS),
              formatDecimalOrDash(s.aliqICMSST),
              formatDecimalOrDash(s.redBCICMSST),
              pair(f.piscofins.pisCstEntrada, f.piscofins.pisCstSaida),
              formatDecimalOrDash(f.piscofins.aliqPIS),
              formatDecimalOrDash(f.piscofins.aliqCOFINS),
              dash(f.ipi.ex),
              pair(f.ipi.cstEntrada, f.ipi.cstSaida),
            ];
            return (
              <Table.Tr
                key={r.id}
                {...rowKeyboardProps(() => onOpenRule(r))}
                data-rule-id={r.id}
                data-status={r.status}
                data-named={r.isNamed ? 'true' : 'false'}
                title={r.description ?? undefined}
              >
                {cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed column order
                  <Table.Td key={i} style={style} onClick={() => onOpenRule(r)}>
                    {c}
                  </Table.Td>
                ))}
                <Table.Td>
                  <RuleActionsMenu rule={r} canWrite={canWrite} onAction={onAction} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RuleActionsMenu({
  rule,
  canWrite,
  onAction,
}: {
  rule: TFiscalRule;
  canWrite: boolean;
  onAction: Props['onAction'];
}) {
  const label = `Ações da regra ${rule.stateRule.uf}${rule.description ? ` ${rule.description}` : ''}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Ações" openDelay={400}>
          <ActionIcon variant="subtle" aria-label={label}>
            <IconDotsVertical size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {canWrite && (
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => onAction(rule, 'clone')}>
            Clonar regra
          </Menu.Item>
        )}
        {canWrite && rule.status !== 'Checked' && (
          <Menu.Item leftSection={<IconSquareCheck size={14} />} onClick={() => onAction(rule, 'check')}>
            Marcar como conferida
          </Menu.Item>
        )}
        {canWrite && rule.status === 'Checked' && (
          <Menu.Item leftSection={<IconSquareOff size={14} />} onClick={() => onAction(rule, 'uncheck')}>
            Desmarcar conferida
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconListDetails size={14} />} onClick={() => onAction(rule, 'products')}>
          Produtos
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
