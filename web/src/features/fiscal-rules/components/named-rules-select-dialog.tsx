import { fiscalRuleMessages, type TNamedRuleListItem } from '@app/contract';
import { Button, Group, Modal, Radio, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCest, formatDecimalOrDash, formatNcm } from '../../../components/ui/fiscal-masks';
import { notify } from '../../../lib/notify';
import { useNamedRules } from '../api/get-named-rules';

interface Props {
  opened: boolean;
  onClose: () => void;
  /**
   * Called with the chosen rule. The caller binds its products (PUT /fiscal-rules/products/link)
   * and checks the UF rule of its side (member or partner message), then closes the modal.
   */
  onBind: (rule: TNamedRuleListItem) => void | Promise<void>;
  isBinding?: boolean;
}

/** Named rules selection modal (spec 02 §2): search by description, choose one, bind. */
export function NamedRulesSelectDialog({ opened, onClose, onBind, isBinding }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rules = useNamedRules(debounced, opened);

  useEffect(() => {
    if (!opened) {
      setSearch('');
      setSelectedId(null);
    }
  }, [opened]);

  const onSubmit = () => {
    const rule = rules.data?.find((r) => r.id === selectedId);
    if (!rule) {
      notify('warning', fiscalRuleMessages.selectRule);
      return;
    }
    void onBind(rule);
  };

  const list = rules.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title="Vincular a uma regra nomeada">
      <Stack gap="sm">
        <TextInput
          aria-label="Pesquisar regra nomeada"
          placeholder="Descrição da regra"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {rules.isLoading ? (
          <Skeleton height={120} />
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Nenhuma regra nomeada encontrada.
          </Text>
        ) : (
          <Table highlightOnHover aria-label="Regras nomeadas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Nome</Table.Th>
                <Table.Th>NCM</Table.Th>
                <Table.Th>CEST</Table.Th>
                <Table.Th>UF</Table.Th>
                <Table.Th>CST/CSOSN</Table.Th>
                <Table.Th>ICMS%</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id} {...clickableRowProps(() => setSelectedId(r.id))}>
                  <Table.Td>
                    <Radio
                      name="named-rule"
                      aria-label={`Selecionar ${r.description}`}
                      checked={selectedId === r.id}
                      onChange={() => setSelectedId(r.id)}
                    />
                  </Table.Td>
                  <Table.Td>{r.description}</Table.Td>
                  <Table.Td>{formatNcm(r.ncm)}</Table.Td>
                  <Table.Td>{r.cest ? formatCest(r.cest) : '-'}</Table.Td>
                  <Table.Td>{r.uf}</Table.Td>
                  <Table.Td>{r.cstICMS || r.cstCSOSN || '-'}</Table.Td>
                  <Table.Td>{formatDecimalOrDash(r.aliqICMS)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button onClick={onSubmit} disabled={!selectedId} loading={isBinding}>
            Vincular
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
