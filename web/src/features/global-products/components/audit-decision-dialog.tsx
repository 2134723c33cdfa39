import { classificationMessages, displayGtin, type TAuditComparison } from '@app/contract';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatCest, formatCfop, formatDecimalOrDash, formatNcm } from '../../../components/ui/fiscal-masks';
import { notify } from '../../../lib/notify';
import { CodeHint } from '../../reference/components/code-hint';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';
import { useAuditComparison, useDecideAudit } from '../api/decide-audit';

interface Props {
  /** The InAudit product to decide; null = closed. */
  productId: string | null;
  onClose: () => void;
  onDecided: () => void;
}

const REASON_MAX = 500;
const dash = (v: string | null | undefined) => v || '-';

/**
 * The staff audit decision (issue 9): the product and the global product it was bound to side by
 * side, with the rule the global product takes in the company's UF; "Aprovar" classifies it,
 * "Devolver" returns it to the client with a reason (required, kept in its audit items).
 */
export function AuditDecisionDialog({ productId, onClose, onDecided }: Props) {
  const comparison = useAuditComparison(productId);
  const decide = useDecideAudit();
  const [isReturning, setIsReturning] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  useEffect(() => {
    if (!productId) {
      setIsReturning(false);
      setReason('');
      setReasonError(null);
    }
  }, [productId]);

  const run = async (decision: 'approve' | 'return') => {
    if (!productId) return;
    if (decision === 'return') {
      const text = reason.trim();
      if (!text) return setReasonError(classificationMessages.reasonRequired);
      if (text.length > REASON_MAX) return setReasonError(classificationMessages.reasonMax);
    }
    try {
      const res = await decide.mutateAsync({ productId, decision, reason: reason.trim() });
      notify('success', res.message);
      onDecided();
    } catch {
      // the api client already showed the server's message
    }
  };

  return (
    <Modal opened={!!productId} onClose={onClose} size="xl" title="Auditoria do vínculo">
      {comparison.isLoading || !comparison.data ? (
        <Skeleton height={220} />
      ) : (
        <Stack gap="sm">
          <ComparisonTable data={comparison.data} />
          {isReturning && (
            <Textarea
              label="Motivo da devolução"
              description={`${reason.length}/${REASON_MAX}`}
              autosize
              minRows={3}
              maxRows={8}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
              styles={reason.length > REASON_MAX ? { description: { color: 'var(--mantine-color-red-7)' } } : undefined}
              data-autofocus
            />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={onClose}>
              Voltar
            </Button>
            <Group gap="xs">
              {isReturning ? (
                <Button color="red" loading={decide.isPending} onClick={() => void run('return')}>
                  Confirmar devolução
                </Button>
              ) : (
                <Button color="red" variant="light" onClick={() => setIsReturning(true)}>
                  Devolver
                </Button>
              )}
              <Button
                color="green"
                loading={decide.isPending && !isReturning}
                disabled={isReturning || !comparison.data.global}
                onClick={() => void run('approve')}
              >
                Aprovar
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ComparisonTable({ data }: { data: TAuditComparison }) {
  const { product, global, rule, uf } = data;
  const m = useCodeMeanings();
  const rows: [string, string, string][] = [
    ['Descrição', product.description, dash(global?.description)],
    ['GTIN', product.gtin ? displayGtin(product.gtin) : '-', global?.gtin ? displayGtin(global.gtin) : '-'],
    ['NCM', product.ncm ? formatNcm(product.ncm) : '-', global ? formatNcm(global.ncm) : '-'],
    ['CEST', product.cest ? formatCest(product.cest) : '-', global?.cest ? formatCest(global.cest) : '-'],
  ];
  const differs = (a: string, b: string) => a !== b && a !== '-' && b !== '-';
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {product.companyName} · código interno {product.internalCode}
      </Text>
      {!global && <Alert color="yellow">O produto global vinculado não existe mais na base compartilhada.</Alert>}
      <Table withTableBorder withColumnBorders aria-label="Comparação do vínculo" data-testid="audit-comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110} />
            <Table.Th>Produto do cliente</Table.Th>
            <Table.Th>Produto global {global ? `(${global.code})` : ''}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, mine, theirs]) => (
            <Table.Tr key={label}>
              <Table.Th>{label}</Table.Th>
              <Table.Td>{mine}</Table.Td>
              <Table.Td c={differs(mine, theirs) ? 'red' : undefined} fw={differs(mine, theirs) ? 600 : undefined}>
                {theirs}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600} size="sm">
        Regra fiscal na UF da empresa ({uf})
      </Text>
      {rule ? (
        <Table withTableBorder aria-label="Regra fiscal da UF">
          <Table.Thead>
            <Table.Tr>
              {rule.description && <Table.Th>Regra nomeada</Table.Th>}
              <Table.Th>CST ICMS</Table.Th>
              <Table.Th>CSOSN</Table.Th>
              <Table.Th>% ICMS</Table.Th>
              <Table.Th>% Redução ICMS</Table.Th>
              <Table.Th>CFOP saída</Table.Th>
              <Table.Th>PIS/Cofins</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              {rule.description && <Table.Td>{rule.description}</Table.Td>}
              <Table.Td>
                <CodeHint meanings={m} kind="ICMS" code={rule.cstIcms} />
              </Table.Td>
              <Table.Td>
                <CodeHint meanings={m} kind="CSOSN" code={rule.cstCsosn} />
              </Table.Td>
              <Table.Td>{formatDecimalOrDash(rule.aliqIcms)}</Table.Td>
              <Table.Td>{formatDecimalOrDash(rule.redBcIcms)}</Table.Td>
              <Table.Td>
                <CodeHint
                  meanings={m}
                  kind="CFOP"
                  code={rule.cfopSaida}
                  shown={rule.cfopSaida ? formatCfop(rule.cfopSaida) : '-'}
                />
              </Table.Td>
              <Table.Td>
                <CodeHint meanings={m} kind="PIS" code={rule.piscofins} />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          O produto global não tem regra fiscal nesta UF: aprovado, o produto fica classificado sem regra.
        </Text>
      )}
    </Stack>
  );
}
