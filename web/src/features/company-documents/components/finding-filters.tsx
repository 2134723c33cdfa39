import {
  documentFindingKinds,
  documentFindingLabels,
  documentFindingSeverities,
  documentFindingSeverityLabels,
  type TDocumentFindingKind,
  type TDocumentFindingSeverity,
  ufs,
} from '@app/contract';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import type { FindingFilters } from '../api/get-document-findings';

interface Props {
  value: FindingFilters;
  onChange: (filters: FindingFilters) => void;
}

const kindOptions = documentFindingKinds.map((k) => ({ value: k, label: documentFindingLabels[k] }));
const severityOptions = documentFindingSeverities.map((s) => ({ value: s, label: documentFindingSeverityLabels[s] }));

/**
 * The worklist's filters: chosen values apply at once, typed ones (product, document, CFOP) when the form is sent
 * (Enter or "Filtrar"), so the list does not reload on every key. The export takes the same filters.
 */
export function FindingFiltersForm({ value, onChange }: Props) {
  const [draft, setDraft] = useState(value);
  const [cfopError, setCfopError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);
  const set = (patch: Partial<FindingFilters>, now = false) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (now) onChange({ ...value, ...patch });
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const cfop = draft.cfop?.trim() ?? '';
    if (cfop && !/^\d{4}$/.test(cfop)) {
      setCfopError('CFOP: informe os 4 dígitos.');
      return;
    }
    setCfopError(null);
    onChange({
      ...draft,
      product: draft.product?.trim() || undefined,
      document: draft.document?.trim() || undefined,
      cfop: cfop || undefined,
    });
  };
  const clear = () => {
    setCfopError(null);
    onChange({});
  };
  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={onSubmit} aria-label="Filtros dos achados">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs">
        <Select
          label="Tipo de achado"
          data={kindOptions}
          value={draft.kind ?? null}
          onChange={(v) => set({ kind: (v as TDocumentFindingKind) ?? undefined }, true)}
          clearable
          searchable
          data-testid="documents-filter-kind"
        />
        <Select
          label="Gravidade"
          data={severityOptions}
          value={draft.severity ?? null}
          onChange={(v) => set({ severity: (v as TDocumentFindingSeverity) ?? undefined }, true)}
          clearable
          data-testid="documents-filter-severity"
        />
        <TextInput
          label="Produto (código ou descrição)"
          value={draft.product ?? ''}
          onChange={(e) => set({ product: e.currentTarget.value })}
          data-testid="documents-filter-product"
        />
        <TextInput
          label="Documento (número ou chave)"
          value={draft.document ?? ''}
          onChange={(e) => set({ document: e.currentTarget.value })}
          data-testid="documents-filter-document"
        />
        <TextInput
          label="CFOP"
          value={draft.cfop ?? ''}
          onChange={(e) => set({ cfop: e.currentTarget.value })}
          maxLength={4}
          inputMode="numeric"
          error={cfopError}
          data-testid="documents-filter-cfop"
        />
        <Select
          label="UF do participante"
          data={[...ufs]}
          value={draft.uf ?? null}
          onChange={(v) => set({ uf: (v as FindingFilters['uf']) ?? undefined }, true)}
          clearable
          searchable
          data-testid="documents-filter-uf"
        />
        <DateField label="Emitidos de" value={draft.from ?? ''} onChange={(v) => set({ from: v || undefined }, true)} />
        <DateField label="até" value={draft.to ?? ''} onChange={(v) => set({ to: v || undefined }, true)} />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs" gap="xs">
        <Button variant="default" onClick={clear} data-testid="documents-filter-clear">
          Limpar filtros
        </Button>
        <Button type="submit" data-testid="documents-filter-apply">
          Filtrar
        </Button>
      </Group>
    </Paper>
  );
}
