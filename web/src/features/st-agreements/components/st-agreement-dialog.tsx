import { cestSegmentoLabels, cestSegmentos, type TStAgreement, ufs } from '@app/contract';
import { Button, Group, Modal, NativeSelect, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useSaveStAgreement } from '../api/save-st-agreement';

type Form = {
  ufOrigem: string;
  ufDestino: string;
  cestSegmento: string;
  cestCodigos: string;
  temAcordo: 'sim' | 'nao';
  instrumento: string;
  mvaOriginal: string;
  vigenciaInicio: string;
  vigenciaFim: string;
  fonteUrl: string;
  fonteNota: string;
  motivo: string;
};

const empty: Form = {
  ufOrigem: 'SP',
  ufDestino: 'MG',
  cestSegmento: '01',
  cestCodigos: '',
  temAcordo: 'sim',
  instrumento: '',
  mvaOriginal: '',
  vigenciaInicio: '',
  vigenciaFim: '',
  fonteUrl: '',
  fonteNota: '',
  motivo: '',
};

const toForm = (a: TStAgreement): Form => ({
  ufOrigem: a.ufOrigem,
  ufDestino: a.ufDestino,
  cestSegmento: a.cestSegmento,
  cestCodigos: (a.cestCodigos ?? []).join(', '),
  temAcordo: a.temAcordo ? 'sim' : 'nao',
  instrumento: a.instrumento,
  mvaOriginal: a.mvaOriginal?.replace('.', ',') ?? '',
  vigenciaInicio: a.vigenciaInicio,
  vigenciaFim: a.vigenciaFim ?? '',
  fonteUrl: a.fonteUrl,
  fonteNota: a.fonteNota,
  motivo: '',
});

const segmentOptions = cestSegmentos.map((s) => ({ value: s, label: `${s} – ${cestSegmentoLabels[s]}` }));

/** Registers (row null) or edits an agreement; an edit asks for its reason, which the history keeps. */
export function StAgreementDialog({
  opened,
  row,
  onClose,
}: {
  opened: boolean;
  row: TStAgreement | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveStAgreement();

  useEffect(() => {
    if (opened) setForm(row ? toForm(row) : empty);
    setErrors({});
  }, [row, opened]);

  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const submit = () => {
    const body = {
      ufOrigem: form.ufOrigem as (typeof ufs)[number],
      ufDestino: form.ufDestino as (typeof ufs)[number],
      cestSegmento: form.cestSegmento,
      // Blank: the whole segment. Codes typed with commas, semicolons or spaces between them.
      cestCodigos: form.cestCodigos.trim() === '' ? null : form.cestCodigos.split(/[\s,;]+/).filter(Boolean),
      temAcordo: form.temAcordo === 'sim',
      instrumento: form.instrumento,
      mvaOriginal: form.mvaOriginal.trim() === '' ? null : form.mvaOriginal.trim(),
      vigenciaInicio: form.vigenciaInicio,
      vigenciaFim: form.vigenciaFim || null,
      fonteUrl: form.fonteUrl,
      fonteNota: form.fonteNota,
    };
    save.mutate(
      row
        ? { id: row.id, body: { ...body, motivo: form.motivo } }
        : { id: null, body: { ...body, motivo: form.motivo.trim() || undefined } },
      {
        onSuccess: () => {
          notify('success', row ? 'Acordo de ICMS-ST alterado.' : 'Acordo de ICMS-ST cadastrado.');
          onClose();
        },
        onError: (err) => {
          const list = err instanceof ApiError ? (err.body?.errors ?? []) : [];
          // 'cestCodigos.0' → the codes field; a message without a field goes to a toast.
          setErrors(Object.fromEntries(list.map((e) => [(e.field ?? '').split('.')[0], e.message])));
          if (list.length === 0 || list.some((e) => !e.field))
            // The app's own handling: 401/403 back to the login, 5xx the generic message, a 400's detail as is.
            err instanceof ApiError ? notifyApiError(err) : notify('error', 'Erro ao comunicar-se com o servidor');
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={row ? 'Editar acordo de ICMS-ST' : 'Cadastrar acordo de ICMS-ST'}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelect
              label="UF de origem"
              data={[...ufs]}
              value={form.ufOrigem}
              onChange={(e) => set('ufOrigem')(e.currentTarget.value)}
              error={errors.ufOrigem}
              data-autofocus
            />
            <NativeSelect
              label="UF de destino"
              data={[...ufs]}
              value={form.ufDestino}
              onChange={(e) => set('ufDestino')(e.currentTarget.value)}
              error={errors.ufDestino}
            />
          </SimpleGrid>
          <NativeSelect
            label="Segmento CEST"
            data={segmentOptions}
            value={form.cestSegmento}
            onChange={(e) => set('cestSegmento')(e.currentTarget.value)}
            error={errors.cestSegmento}
          />
          <TextInput
            label="Códigos CEST"
            description="Em branco: todo o segmento. Vários códigos separados por vírgula (ex.: 03.021.00, 03.023.00)"
            value={form.cestCodigos}
            onChange={(e) => set('cestCodigos')(e.currentTarget.value)}
            error={errors.cestCodigos}
          />
          <Radio.Group
            label="Há acordo entre as UFs para estes produtos?"
            value={form.temAcordo}
            onChange={(v) => set('temAcordo')(v)}
            error={errors.temAcordo}
          >
            <Group gap="lg" mt={4}>
              <Radio value="sim" label="Sim: há ST na operação interestadual" />
              <Radio value="nao" label="Não: pesquisado, sem acordo" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Instrumento"
              placeholder="Protocolo ICMS 41/2008"
              value={form.instrumento}
              onChange={(e) => set('instrumento')(e.currentTarget.value)}
              error={errors.instrumento}
              withAsterisk
            />
            <TextInput
              label="MVA original (%)"
              description="Em branco quando varia por item ou é a da UF de destino"
              value={form.mvaOriginal}
              onChange={(e) => set('mvaOriginal')(e.currentTarget.value)}
              error={errors.mvaOriginal}
              inputMode="decimal"
            />
            <DateField
              label="Início da vigência"
              value={form.vigenciaInicio}
              onChange={set('vigenciaInicio')}
              error={errors.vigenciaInicio}
              withAsterisk
            />
            <DateField
              label="Fim da vigência"
              value={form.vigenciaFim}
              onChange={set('vigenciaFim')}
              error={errors.vigenciaFim}
            />
          </SimpleGrid>
          <TextInput
            label="Fonte (endereço)"
            placeholder="https://www.confaz.fazenda.gov.br/legislacao/protocolos/…"
            value={form.fonteUrl}
            onChange={(e) => set('fonteUrl')(e.currentTarget.value)}
            error={errors.fonteUrl}
            withAsterisk
          />
          <Textarea
            label="Fonte (dispositivo)"
            description="Cláusula ou artigo que sustenta a linha, e o que não foi conferido"
            autosize
            minRows={2}
            maxRows={5}
            value={form.fonteNota}
            onChange={(e) => set('fonteNota')(e.currentTarget.value)}
            error={errors.fonteNota}
            withAsterisk
          />
          <Textarea
            label="Motivo"
            description={row ? 'Fica no histórico do acordo' : 'Opcional no cadastro; fica no histórico'}
            autosize
            minRows={1}
            maxRows={3}
            value={form.motivo}
            onChange={(e) => set('motivo')(e.currentTarget.value)}
            error={errors.motivo}
            withAsterisk={row !== null}
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
