import {
  displayGtin,
  fiscalRuleStatusLabels,
  productRuleStatusLabels,
  type TFiscalRule,
  type TRuleProduct,
} from '@app/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLink, IconLinkOff, IconSearch, IconSquareCheck, IconSquareOff } from '@tabler/icons-react';
import { useState } from 'react';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCest, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';
import { notify } from '../../../lib/notify';
import { useExportRuleProducts } from '../api/export-rule-products';
import { useRuleProducts } from '../api/get-rule-products';
import { useLinkProductsToRule } from '../api/link-products-to-rule';
import { type ProductLinkAction, useSetProductLinkStatus } from '../api/set-product-link-status';
import { useSetRuleProductsStatus } from '../api/set-rule-products-status';

interface Props {
  rule: TFiscalRule | null;
  canWrite: boolean;
  onClose: () => void;
  /** A linked product was clicked: show the rule as it applies to it. */
  onOpenProduct: (product: TRuleProduct) => void;
}

/** Products of one rule: linked ("Encontrados") and candidates not linked ("Não Encontrados"). */
export function RuleProductsDialog({ rule, canWrite, onClose, onOpenProduct }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const query = useRuleProducts(rule?.id ?? null, debounced);
  const setLink = useSetProductLinkStatus();
  const setAll = useSetRuleProductsStatus();
  const link = useLinkProductsToRule();
  const exporter = useExportRuleProducts();

  if (!rule) return <Modal opened={false} onClose={onClose} />;
  const isChecked = rule.status === 'Checked';
  const found = query.data?.found ?? [];
  const notFound = query.data?.notFound ?? [];
  const hasUnchecked = found.some((p) => p.fiscalRuleStatus !== 'Checked');
  const hasChecked = found.some((p) => p.fiscalRuleStatus === 'Checked');

  const onLinkAction = async (product: TRuleProduct, action: ProductLinkAction) => {
    const res = await setLink.mutateAsync({ productId: product.id, action });
    if (res?.message) notify('success', res.message);
  };
  const onAll = async (action: 'check' | 'uncheck') => {
    const res = await setAll.mutateAsync({ fiscalRuleId: rule.id, action });
    if (res?.message) notify('success', res.message);
  };
  const onBind = async (product: TRuleProduct) => {
    const res = await link.mutateAsync({ fiscalRuleId: rule.id, uf: rule.stateRule.uf, productsId: [product.id] });
    if (res?.message) notify('success', res.message);
  };

  const table = (rows: TRuleProduct[], kind: 'found' | 'notFound') => {
    if (query.isLoading) return <Skeleton height={80} />;
    if (rows.length === 0) {
      return (
        <Text c="dimmed" ta="center" py="md">
          Nenhum produto.
        </Text>
      );
    }
    return (
      <Table highlightOnHover aria-label={kind === 'found' ? 'Produtos encontrados' : 'Produtos não encontrados'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cod</Table.Th>
            <Table.Th>GTIN</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th w={130}>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr
              key={p.id}
              data-product-id={p.id}
              data-status={p.fiscalRuleStatus ?? ''}
              {...(kind === 'found' ? clickableRowProps(() => onOpenProduct(p)) : {})}
              c={p.fiscalRuleStatus === 'Checked' ? 'green' : undefined}
            >
              <Table.Td>{p.internalCode}</Table.Td>
              <Table.Td>{p.gtin ? displayGtin(p.gtin) : '-'}</Table.Td>
              <Table.Td>
                {p.description}
                {kind === 'found' && p.fiscalRuleStatus && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    ({productRuleStatusLabels[p.fiscalRuleStatus]})
                  </Text>
                )}
              </Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Group gap={4} wrap="nowrap">
                  {kind === 'found' && canWrite && isChecked && p.fiscalRuleStatus !== 'Checked' && (
                    <Tooltip label="Marcar produto">
                      <ActionIcon
                        variant="subtle"
                        color="green"
                        aria-label={`Marcar ${p.internalCode}`}
                        onClick={() => onLinkAction(p, 'check')}
                      >
                        <IconSquareCheck size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {kind === 'found' && canWrite && isChecked && p.fiscalRuleStatus === 'Checked' && (
                    <Tooltip label="Desmarcar produto">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Desmarcar ${p.internalCode}`}
                        onClick={() => onLinkAction(p, 'uncheck')}
                      >
                        <IconSquareOff size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {kind === 'found' && canWrite && (
                    <Tooltip label="Desvincular da regra">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Desvincular ${p.internalCode}`}
                        onClick={() => onLinkAction(p, 'unbind')}
                      >
                        <IconLinkOff size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {kind === 'notFound' && canWrite && (
                    <Tooltip label="Vincular à regra">
                      <ActionIcon variant="subtle" aria-label={`Vincular ${p.internalCode}`} onClick={() => onBind(p)}>
                        <IconLink size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  };

  const ncm = formatNcm(rule.federalRule.ncm);
  return (
    <Modal opened onClose={onClose} size="xl" title="Produtos da regra fiscal">
      <Stack gap="sm" data-testid="rule-products">
        <Group gap="xs">
          {rule.description && <Text fw={600}>{rule.description}</Text>}
          <Text size="sm">NCM {ncm}</Text>
          {rule.federalRule.cest && <Text size="sm">CEST {formatCest(rule.federalRule.cest)}</Text>}
          <Text size="sm">UF {rule.stateRule.uf}</Text>
          <Badge color={isChecked ? 'green' : 'gray'}>{fiscalRuleStatusLabels[rule.status]}</Badge>
        </Group>
        <TextInput
          placeholder="Pesquisar produtos"
          aria-label="Pesquisar produtos"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        <Tabs defaultValue="found">
          <Tabs.List>
            <Tabs.Tab value="found">Encontrados ({formatNumber(found.length)})</Tabs.Tab>
            <Tabs.Tab value="notFound">Não Encontrados ({formatNumber(notFound.length)})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="found" pt="xs">
            {table(found, 'found')}
          </Tabs.Panel>
          <Tabs.Panel value="notFound" pt="xs">
            {table(notFound, 'notFound')}
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          {canWrite && (
            <Button
              variant="light"
              color="gray"
              onClick={() => onAll('uncheck')}
              loading={setAll.isPending}
              disabled={!hasChecked}
            >
              Desmarcar todos
            </Button>
          )}
          {canWrite && isChecked && hasUnchecked && (
            <Button color="green" onClick={() => onAll('check')} loading={setAll.isPending}>
              Marcar todos
            </Button>
          )}
          <Button
            variant="light"
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate({
                fiscalRuleId: rule.id,
                fileName: `produtos_regra_${rule.federalRule.ncm}_${rule.stateRule.uf}.xlsx`,
              })
            }
          >
            Exportar planilha
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
