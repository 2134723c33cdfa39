import { productSearchFieldLabels, productSearchFields, type TProductSearchField } from '@app/contract';
import {
  Button,
  Checkbox,
  Drawer,
  Group,
  NativeSelect,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { formatDate } from '../../../components/ui/format';
import { notify } from '../../../lib/notify';
import { loadSearchHistory, saveSearch } from '../lib/search-history';
import {
  checkDateRange,
  cleanSearchText,
  defaultSearchOptions,
  normalizeForRole,
  type ProductSearchOptions,
} from '../lib/search-options';

interface Props {
  opened: boolean;
  isMember: boolean;
  value: ProductSearchOptions;
  onClose: () => void;
  onSearch: (options: ProductSearchOptions) => void;
}

const statusLabels = [
  ['classified', 'Classificados'],
  ['pending', 'Pendentes'],
  ['returned', 'Devolvidos'],
  ['inAudit', 'Em auditoria'],
  ['error', 'Com erro'],
] as const;

/** One line describing a past search in the history list. */
export function describeSearch(o: ProductSearchOptions): string {
  const parts: string[] = [];
  parts.push(o.text ? `"${o.text}" em ${productSearchFieldLabels[o.field]}` : 'Sem texto');
  const statuses = statusLabels.filter(([k]) => o[k] !== false).map(([, l]) => l);
  parts.push(
    statuses.length === statusLabels.length || statuses.length === 0 ? 'Todas as situações' : statuses.join(', '),
  );
  if (o.binded) parts.push('Somente vinculados');
  if (o.startDate && o.endDate) parts.push(`${formatDate(o.startDate)} a ${formatDate(o.endDate)}`);
  return parts.join(' · ');
}

/**
 * Search panel (spec 02 §2, §5): text, field, last-update range, situations (in audit hidden for
 * Members), linked only, and the history of the last 10 distinct searches.
 */
export function ProductSearchPanel({ opened, isMember, value, onClose, onSearch }: Props) {
  const [form, setForm] = useState<ProductSearchOptions>(value);
  const [history, setHistory] = useState<ProductSearchOptions[]>(loadSearchHistory);

  useEffect(() => {
    if (opened) {
      setForm(value);
      setHistory(loadSearchHistory());
    }
  }, [opened, value]);

  const set = <K extends keyof ProductSearchOptions>(key: K, v: ProductSearchOptions[K]) =>
    setForm((f) => ({ ...f, [key]: v }));

  const run = (options: ProductSearchOptions) => {
    const problem = checkDateRange(options.startDate, options.endDate);
    if (problem) return notify(problem.level, problem.message, problem.durationMs);
    // A search typed in the panel replaces the indicator-card flags.
    const { finished: _f, finishedByFiscalServiceLink: _l, audit: _a, ...rest } = options;
    const clean = normalizeForRole({ ...rest, text: cleanSearchText(rest.field, rest.text) }, isMember);
    setHistory(saveSearch(clean));
    onSearch(clean);
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Pesquisar produtos">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run(form);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Texto da pesquisa"
            value={form.text}
            onChange={(e) => set('text', e.currentTarget.value)}
            data-autofocus
          />
          <NativeSelect
            label="Pesquisar por"
            value={form.field}
            onChange={(e) => set('field', e.currentTarget.value as TProductSearchField)}
            data={productSearchFields.map((f) => ({ value: f, label: productSearchFieldLabels[f] }))}
          />
          <Text size="sm" fw={500}>
            Última atualização
          </Text>
          <Group grow>
            <DateField label="Data inicial" value={form.startDate} onChange={(v) => set('startDate', v)} />
            <DateField label="Data final" value={form.endDate} onChange={(v) => set('endDate', v)} />
          </Group>
          <Text size="sm" fw={500}>
            Situação
          </Text>
          <Group gap="md">
            {statusLabels
              .filter(([k]) => !(isMember && k === 'inAudit'))
              .map(([k, label]) => (
                <Checkbox
                  key={k}
                  label={label}
                  checked={form[k] !== false}
                  onChange={(e) => set(k, e.currentTarget.checked)}
                />
              ))}
          </Group>
          <Checkbox
            label="Somente produtos vinculados"
            checked={form.binded}
            onChange={(e) => set('binded', e.currentTarget.checked)}
          />
          <Group justify="space-between" mt="xs">
            <Button variant="default" onClick={() => setForm(normalizeForRole(defaultSearchOptions, isMember))}>
              Limpar
            </Button>
            <Button type="submit">Pesquisar</Button>
          </Group>
        </Stack>
      </form>

      <Stack gap={4} mt="lg" data-testid="search-history">
        <Group gap={6}>
          <IconHistory size={16} />
          <Text size="sm" fw={500}>
            Pesquisas anteriores
          </Text>
        </Group>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma pesquisa realizada.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={260}>
            {history.map((h) => (
              <NavLink
                key={describeSearch(h) + JSON.stringify(h)}
                label={describeSearch(h)}
                onClick={() => run(h)}
                data-testid="search-history-item"
              />
            ))}
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Drawer>
  );
}
