import { ufs } from '@app/contract';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { DecimalInput } from '../../../components/ui/decimal-input';
import { maskDigits, maskNcm, unmaskNcm } from '../../../components/ui/fiscal-masks';
import { isNcmNotFound, useNcm } from '../../reference/api/get-ncm';
import { ncmNotFoundMessage } from '../../reference/components/ncm-messages';
import { emptyFilters, type FiscalRuleFilters } from '../lib/filters';

interface Props {
  opened: boolean;
  value: FiscalRuleFilters;
  onClose: () => void;
  onApply: (filters: FiscalRuleFilters) => void;
}

const statusOptions = [
  { value: '', label: 'Todas' },
  { value: 'Checked', label: 'Conferida' },
  { value: 'Unchecked', label: 'Não conferida' },
];

/** Filter modal of the fiscal rules screen: Enter applies (the form submits), Escape closes. */
export function FiscalRulesFilterDialog({ opened, value, onClose, onApply }: Props) {
  const [form, setForm] = useState<FiscalRuleFilters>(value);
  // A complete NCM shows its official description (or that the table does not have it) under the field.
  const ncmDigits = unmaskNcm(form.ncm);
  const ncm = useNcm(ncmDigits);
  const ncmHint =
    ncmDigits.length !== 8
      ? undefined
      : isNcmNotFound(ncm.error)
        ? ncmNotFoundMessage(ncmDigits)
        : ncm.data?.fullDescription;
  useEffect(() => {
    if (opened) setForm(value);
  }, [opened, value]);

  const set = <K extends keyof FiscalRuleFilters>(key: K, v: FiscalRuleFilters[K]) =>
    setForm((f) => ({ ...f, [key]: v }));

  return (
    <Modal opened={opened} onClose={onClose} title="Filtrar regras fiscais" size="lg" closeOnEscape>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onApply(form);
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="NCM"
              placeholder="####.##.##"
              value={form.ncm}
              onChange={(e) => set('ncm', maskNcm(e.currentTarget.value))}
              data-autofocus
            />
            <TextInput
              label="CEST"
              value={form.cest}
              onChange={(e) => set('cest', maskDigits(e.currentTarget.value, 7))}
            />
            <NativeSelect
              label="UF"
              data={[{ value: '', label: 'Todas' }, ...ufs.map((u) => ({ value: u, label: u }))]}
              value={form.uf}
              onChange={(e) => set('uf', e.currentTarget.value)}
            />
            <TextInput
              label="CFOP Entrada"
              value={form.cfopEntrada}
              onChange={(e) => set('cfopEntrada', maskDigits(e.currentTarget.value, 4))}
            />
            <TextInput
              label="CFOP Saída"
              value={form.cfopSaida}
              onChange={(e) => set('cfopSaida', maskDigits(e.currentTarget.value, 4))}
            />
            <DecimalInput
              label="ICMS%"
              placeholder="##,##"
              value={form.aliqICMS}
              maxIntDigits={2}
              onChange={(value) => set('aliqICMS', value)}
            />
          </SimpleGrid>
          {/* Under the whole grid, at most two lines: a long official description would stretch one column. */}
          {ncmHint && (
            <Text size="xs" c="dimmed" lineClamp={2} title={ncmHint} data-testid="ncm-hint">
              {ncmHint}
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Status
            </Text>
            <SegmentedControl
              data={statusOptions}
              value={form.status}
              onChange={(v) => set('status', v as FiscalRuleFilters['status'])}
            />
          </Stack>
          <TextInput
            label="GTIN"
            value={form.gtin}
            onChange={(e) => set('gtin', maskDigits(e.currentTarget.value, 14))}
          />
          <Group justify="space-between" mt="sm">
            <Button variant="subtle" onClick={() => setForm(emptyFilters)}>
              Limpar
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                Voltar
              </Button>
              <Button type="submit">Aplicar</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
