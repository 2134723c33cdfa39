import type { TDocumentFindingKind, TDocumentFindingSummary } from '@app/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';
import { formatReais } from './format-reais';

interface Props {
  summary: TDocumentFindingSummary[];
  selected: TDocumentFindingKind | null;
  onSelect: (kind: TDocumentFindingKind | null) => void;
}

/** Count and total difference in R$ per kind of finding; each one filters the table (and "Todos" clears it). */
export function FindingsSummary({ summary, selected, onSelect }: Props) {
  if (summary.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="documents-findings-summary">
      <Text fw={500} mb="xs">
        Resumo por tipo de achado
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" variant={selected === null ? 'filled' : 'light'} onClick={() => onSelect(null)}>
          Todos
        </Button>
        {summary.map((s) => (
          <Button
            key={s.kind}
            size="compact-sm"
            variant={selected === s.kind ? 'filled' : 'light'}
            aria-pressed={selected === s.kind}
            onClick={() => onSelect(s.kind)}
            data-testid={`documents-kind-${s.kind}`}
          >
            {s.label}: {formatNumber(s.count)}
            {Number(s.difference) !== 0 ? ` · ${formatReais(s.difference)}` : ''}
          </Button>
        ))}
      </Group>
    </Paper>
  );
}
