import { type TMunicipalRate, ufs } from '@app/contract';
import { Button, Checkbox, Group, Modal, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMunicipalities } from '../api/municipalities';
import { useSaveMunicipalRate } from '../api/save-municipal-rate';

type Form = {
  uf: string;
  cMun: string;
  validFrom: string;
  validTo: string;
  rate: string;
  source: string;
  estimated: boolean;
};
const empty: Form = { uf: 'SP', cMun: '', validFrom: '', validTo: '', rate: '', source: '', estimated: true };

/** Includes or edits one município's IBS rate from a date (row null + opened = new). */
export function MunicipalRateDialog({
  opened,
  row,
  onClose,
}: {
  opened: boolean;
  row: TMunicipalRate | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMunicipalRate();

  useEffect(() => {
    setForm(
      row
        ? {
            uf: row.uf,
            cMun: row.cMun,
            validFrom: row.validFrom,
            validTo: row.validTo ?? '',
            rate: row.rate.replace('.', ','),
            source: row.source,
            estimated: row.estimated,
          }
        : empty,
    );
    setErrors({});
  }, [row]);

  if (!opened) return null;
  const set = (key: keyof Form) => (value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const submit = () =>
    save.mutate(
      {
        id: row?.id ?? null,
        uf: form.uf as (typeof ufs)[number],
        cMun: form.cMun.trim(),
        validFrom: form.validFrom,
        validTo: form.validTo || null,
        // pt-BR "2,8" → "2.8"; the API names a malformed figure under "rate".
        rate: form.rate.includes(',') ? form.rate.replace(/\./g, '').replace(',', '.') : form.rate,
        source: form.source,
        estimated: form.estimated,
      },
      {
        onSuccess: () => {
          notify('success', 'Alíquota municipal salva.');
          onClose();
        },
        onError: (err) => {
          const list = err instanceof ApiError ? (err.body?.errors ?? []) : [];
          setErrors(Object.fromEntries(list.map((e) => [e.field ?? '', e.message])));
          if (list.length === 0)
            notify('error', (err instanceof ApiError && err.body?.detail) || 'Erro ao comunicar-se com o servidor');
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={row ? 'Editar alíquota municipal do IBS' : 'Incluir alíquota municipal do IBS'}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <NativeSelect
              label="UF"
              data={[...ufs]}
              value={form.uf}
              onChange={(e) => {
                // A município belongs to one UF: another UF starts the choice over.
                set('uf')(e.currentTarget.value);
                set('cMun')('');
              }}
            />
            <MunicipalitySelect uf={form.uf} value={form.cMun} onChange={set('cMun')} error={errors.cMun} />
            {/* Escape in a date field closes the browser's calendar: it must not also close the dialog and throw
                away what was typed (issue 38). Mantine's modal leaves Escape to fields marked so. */}
            <TextInput
              label="Início de vigência"
              type="date"
              data-mantine-stop-propagation
              value={form.validFrom}
              onChange={(e) => set('validFrom')(e.currentTarget.value)}
              error={errors.validFrom}
              withAsterisk
            />
            <TextInput
              label="Fim de vigência"
              type="date"
              data-mantine-stop-propagation
              value={form.validTo}
              onChange={(e) => set('validTo')(e.currentTarget.value)}
              error={errors.validTo}
            />
            <TextInput
              label="Alíquota (%)"
              value={form.rate}
              onChange={(e) => set('rate')(e.currentTarget.value)}
              error={errors.rate}
              withAsterisk
            />
          </SimpleGrid>
          <TextInput
            label="Fonte"
            description="Ex.: lei municipal que fixou a alíquota do IBS"
            value={form.source}
            onChange={(e) => set('source')(e.currentTarget.value)}
            error={errors.source}
            withAsterisk
          />
          <Checkbox
            label="Estimativa (ainda não fixada em lei)"
            checked={form.estimated}
            onChange={(e) => set('estimated')(e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="xs" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface MunicipalitySelectProps {
  uf: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
}

/**
 * The UF's municípios by name (IBGE table), searched as typed; the code goes to the server, which checks it belongs
 * to the UF all the same. A code the table does not have (a município installed after it) stays choosable as typed.
 */
function MunicipalitySelect({ uf, value, onChange, error }: MunicipalitySelectProps) {
  const municipalities = useMunicipalities();
  const [search, setSearch] = useState('');
  const data = useMemo(() => {
    const ofUf = [...(municipalities.data?.values() ?? [])]
      .filter((m) => m.uf === uf)
      .map((m) => ({ value: m.code, label: `${m.name} (${m.code})` }));
    const typedCode = search.replace(/\D/g, '');
    const extra = [value, typedCode].filter((code) => /^\d{7}$/.test(code) && !ofUf.some((o) => o.value === code));
    return [...new Set(extra)].map((code) => ({ value: code, label: `Código IBGE ${code}` })).concat(ofUf);
  }, [municipalities.data, uf, value, search]);
  return (
    <Select
      label="Município"
      placeholder={municipalities.isLoading ? 'Carregando municípios…' : 'Digite o nome ou o código IBGE'}
      data={data}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      searchable
      limit={60}
      nothingFoundMessage={`Nenhum município da UF ${uf} com esse nome`}
      error={error}
      data-autofocus
      withAsterisk
    />
  );
}
