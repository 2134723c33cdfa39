import { type ErrorBody, fiscalRuleMessages, ufs } from '@app/contract';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DecimalInput } from '../../../components/ui/decimal-input';
import { HIGH_RATE_INT_DIGITS, RATE_INT_DIGITS } from '../../../components/ui/decimal-text';
import { maskDigits } from '../../../components/ui/fiscal-masks';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { CestSelect } from '../../reference/components/cest-select';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';
import type { CodeKind } from '../../reference/lib/code-meanings';
import { useCreateNamedRule } from '../api/create-named-rule';
import { useUpdateFiscalRule } from '../api/update-fiscal-rule';
import {
  emptyNamedRuleForm,
  type NamedRuleForm,
  toNamedRulePayload,
  validateNamedRuleForm,
} from '../lib/named-rule-form';
import { CbsFields } from './cbs-fields';
import { NcmField } from './ncm-field';

interface Props {
  opened: boolean;
  /** Prefilled values (clone/edit); empty form when absent. */
  initial?: NamedRuleForm;
  /** Set to edit that rule (PUT) instead of creating a named rule (POST). */
  editRuleId?: string;
  onClose: () => void;
  onSaved?: (id: string) => void;
}

type Key = keyof NamedRuleForm;
type TextKey = { [K in Key]: NamedRuleForm[K] extends string ? K : never }[Key];

const codeMasks: Partial<Record<TextKey, number>> = {
  cest: 7,
  codANP: 9,
  cstIpiEntrada: 3,
  cstIpiSaida: 3,
  codENQ: 3,
  ex: 3,
  cstPisCofinsEntrada: 3,
  cstPisCofinsSaida: 3,
  nri: 3,
  cfopEntrada: 4,
  cfopSaida: 4,
  CSTICMS: 3,
  csosnicms: 3,
};
const percentKeys = new Set<TextKey>([
  'aliqIPI',
  'aliqPIS',
  'aliqCOFINS',
  'aliqICMS',
  'redBCICMS',
  'fcp',
  'isencao',
  'pDifer',
  'picmsPdv',
  'aliqICMSST',
  'redBCICMSST',
  'aliqCBS',
  'redCBS',
  'ibsAliqUF',
  'ibsAliqMun',
  'redIBS',
]);

/** Option-code fields shown with their official meaning under the label (issue 13). */
const codeKinds: Partial<Record<TextKey, CodeKind>> = {
  cstIpiEntrada: 'IPI',
  cstIpiSaida: 'IPI',
  codENQ: 'ENQ',
  cstPisCofinsEntrada: 'PIS',
  cstPisCofinsSaida: 'PIS',
  cfopEntrada: 'CFOP',
  cfopSaida: 'CFOP',
  CSTICMS: 'ICMS',
  csosnicms: 'CSOSN',
  CodBeneficio: 'CBENEF',
};

function applyMask(key: TextKey, value: string): string {
  const digits = codeMasks[key];
  if (digits) return maskDigits(value, digits);
  return value;
}

// Labels of different lengths wrap to one or two lines: inputs line up on their bottom edge.
const alignInputs = { alignItems: 'end' } as const;

/** Server refusal as one line per message (NCM not in force, CEST not fitting the NCM, …). */
function refusalOf(err: unknown): string[] {
  if (!(err instanceof ApiError)) return ['Erro ao comunicar-se com o servidor'];
  const body = err.body as ErrorBody | undefined;
  if (body?.errors?.length) return body.errors.map((e) => e.message);
  return [body?.detail ?? 'Erro ao comunicar-se com o servidor'];
}

/** Named rule modal "Regras Fiscais" (spec 02 §2, §5 "Named rule save"). */
export function NamedRuleDialog({ opened, initial, editRuleId, onClose, onSaved }: Props) {
  const [form, setForm] = useState<NamedRuleForm>(initial ?? emptyNamedRuleForm);
  const [problems, setProblems] = useState<string[]>([]);
  const [isConfirming, setIsConfirming] = useState(false);
  const create = useCreateNamedRule();
  const update = useUpdateFiscalRule();
  const meanings = useCodeMeanings(form.CodBeneficio.slice(0, 2).toUpperCase(), opened);

  useEffect(() => {
    if (opened) {
      setForm(initial ?? emptyNamedRuleForm);
      setProblems([]);
    }
  }, [opened, initial]);

  const meaningOf = (key: TextKey) => {
    const kind = codeKinds[key];
    const name = kind && meanings.name(kind, form[key]);
    return name ? (
      <Text span size="xs" lineClamp={1} title={name} data-testid={`meaning-${key}`}>
        {name}
      </Text>
    ) : undefined;
  };

  const text = (key: TextKey, label: string, extra: { placeholder?: string } = {}) =>
    percentKeys.has(key) || key === 'iva' ? (
      <DecimalInput
        label={label}
        value={form[key]}
        maxIntDigits={key === 'iva' || key === 'aliqIPI' ? HIGH_RATE_INT_DIGITS : RATE_INT_DIGITS}
        onChange={(value) => setForm((f) => ({ ...f, [key]: value }))}
        {...extra}
      />
    ) : (
      <TextInput
        label={label}
        value={form[key]}
        description={meaningOf(key)}
        onChange={(e) => {
          const value = applyMask(key, e.currentTarget.value);
          setForm((f) => ({ ...f, [key]: value }));
        }}
        {...extra}
      />
    );

  const onSubmit = () => {
    const problem = validateNamedRuleForm(form);
    if (problem) {
      notify('error', problem);
      setProblems([problem]);
      return;
    }
    setProblems([]);
    setIsConfirming(true);
  };

  const onConfirm = async () => {
    setIsConfirming(false);
    try {
      const payload = toNamedRulePayload(form);
      if (editRuleId) {
        await update.mutateAsync({ id: editRuleId, input: payload });
        notify('success', 'Regra fiscal alterada com sucesso!', 6000);
        onSaved?.(editRuleId);
      } else {
        const { id } = await create.mutateAsync(payload);
        notify('success', fiscalRuleMessages.createdNamed, 6000);
        onSaved?.(id);
      }
      onClose();
    } catch (err) {
      const lines = refusalOf(err);
      setProblems(lines);
      for (const line of lines) notify('error', line);
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Regras Fiscais" size="xl">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="sm">
            {problems.length > 0 && (
              <Alert color="red" data-testid="named-rule-problems">
                {problems.map((p) => (
                  <div key={p}>{p}</div>
                ))}
              </Alert>
            )}
            <TextInput
              label="Nome"
              value={form.description}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((f) => ({ ...f, description: value }));
              }}
              data-autofocus
            />
            {/* NCM and CEST two fifths each: the CEST's hint and its "17.016.00 - Leite UHT…" options fit. */}
            <SimpleGrid cols={{ base: 1, sm: 5 }} style={alignInputs}>
              <div style={{ gridColumn: 'span 2' }}>
                <NcmField value={form.ncm} onChange={(ncm) => setForm((f) => ({ ...f, ncm }))} />
              </div>
              <div style={{ gridColumn: 'span 2' }}>
                <CestSelect
                  ncm={form.ncm}
                  value={form.cest}
                  onChange={(cest) => setForm((f) => ({ ...f, cest: maskDigits(cest, 7) }))}
                />
              </div>
              {text('codANP', 'COD ANP')}
            </SimpleGrid>
            <Fieldset legend="IPI">
              <SimpleGrid cols={{ base: 2, sm: 5 }} style={alignInputs}>
                {text('cstIpiEntrada', 'CST entrada')}
                {text('cstIpiSaida', 'CST saída')}
                {text('aliqIPI', 'ALIQ%', { placeholder: '##,##' })}
                {text('codENQ', 'CODENQ')}
                {text('ex', 'EX')}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="PIS/COFINS">
              <SimpleGrid cols={{ base: 2, sm: 5 }} style={alignInputs}>
                {text('cstPisCofinsEntrada', 'CST entrada')}
                {text('cstPisCofinsSaida', 'CST saída')}
                {text('aliqPIS', 'ALIQ PIS%', { placeholder: '##,##' })}
                {text('aliqCOFINS', 'ALIQ COFINS%', { placeholder: '##,##' })}
                {text('nri', 'NRI')}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Regra estadual">
              <SimpleGrid cols={{ base: 2, sm: 6 }} style={alignInputs}>
                <NativeSelect
                  label="UF"
                  data={[{ value: '', label: '' }, ...ufs.map((u) => ({ value: u, label: u }))]}
                  value={form.uf}
                  onChange={(e) => {
                    const uf = e.currentTarget.value;
                    setForm((f) => ({ ...f, uf }));
                  }}
                />
                {text('cfopEntrada', 'CFOP entrada')}
                {text('cfopSaida', 'CFOP saída')}
                {text('CodBeneficio', 'COD. BENEF.')}
                {text('CSTICMS', 'CST ICMS')}
                {text('csosnicms', 'CSOSN')}
                {text('aliqICMS', 'ICMS%', { placeholder: '##,##' })}
                {text('redBCICMS', 'RED. BC ICMS%', { placeholder: '##,##' })}
                {text('fcp', 'FCP%', { placeholder: '##,##' })}
                {text('isencao', 'ISENÇÃO%', { placeholder: '##,##' })}
                {text('pDifer', 'DIFER%', { placeholder: '##,##' })}
                {text('simbPdv', 'SIMB. PDV')}
                {text('picmsPdv', 'ICMS PDV%', { placeholder: '##,##' })}
                {text('iva', 'IVA%', { placeholder: '##,##' })}
                {text('aliqICMSST', 'ICMS ST%', { placeholder: '##,##' })}
                {text('redBCICMSST', 'RED. BC ICMS ST%', { placeholder: '##,##' })}
              </SimpleGrid>
              <Group mt="sm">
                <Checkbox
                  label="ANTEC."
                  checked={form.antecipado}
                  onChange={(e) => {
                    const antecipado = e.currentTarget.checked;
                    setForm((f) => ({ ...f, antecipado }));
                  }}
                />
                <Checkbox
                  label="DESON."
                  checked={form.desonerado}
                  onChange={(e) => {
                    const desonerado = e.currentTarget.checked;
                    setForm((f) => ({ ...f, desonerado }));
                  }}
                />
              </Group>
            </Fieldset>
            <CbsFields
              ncm={form.ncm}
              cst={form.cbsCst}
              cClassTrib={form.cbsCClassTrib}
              onChange={({ cst, cClassTrib }) => setForm((f) => ({ ...f, cbsCst: cst, cbsCClassTrib: cClassTrib }))}
            >
              <SimpleGrid cols={{ base: 2, sm: 5 }} mt="sm" style={alignInputs}>
                {text('aliqCBS', 'ALIQ CBS%', { placeholder: '##,##' })}
                {text('redCBS', 'RED. CBS%', { placeholder: '##,##' })}
                {text('ibsAliqUF', 'ALIQ IBS ESTADUAL%', { placeholder: '##,##' })}
                {text('ibsAliqMun', 'ALIQ IBS MUNICIPAL%', { placeholder: '##,##' })}
                {text('redIBS', 'RED. IBS%', { placeholder: '##,##' })}
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt={4}>
                Alíquotas vazias: as de teste de 2026 (LC 214/2025, art. 343). Redução: percentual que reduz a alíquota.
              </Text>
            </CbsFields>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Voltar
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                Gravar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={isConfirming}
        title="Confirmação"
        message={editRuleId ? 'Confirmar alteração da regra fiscal?' : 'Confirmar criação de regra nomeada?'}
        onCancel={() => setIsConfirming(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
