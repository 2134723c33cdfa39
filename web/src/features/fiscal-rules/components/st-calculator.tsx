import { ufs } from '@app/contract';
import { type MvaOption, mvaOptions, type StCalculation } from '@app/tax-engine';
import { Checkbox, Divider, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DecimalInput } from '../../../components/ui/decimal-input';
import { formatDecimalText, HIGH_RATE_INT_DIGITS, RATE_INT_DIGITS } from '../../../components/ui/decimal-text';
import { formatDecimal } from '../../../components/ui/fiscal-masks';
import { StAgreementLine } from '../../../components/ui/st-agreement-line';
import { useStAgreementLookup } from '../api/get-st-agreement-lookup';
import { computeStCalculation, type StChoices, type StInputs, type StOutcome } from '../lib/st-calculation';

/** Rates of the rule the calculator starts from (decimal strings as the API answers). */
export interface StCalculatorDefaults {
  ipiRate: string | null;
  icmsRate: string | null;
  stRate: string | null;
  fcpRate: string | null;
  icmsBaseReduction: string | null;
  iva: string | null;
  /** The rule is a Simples Nacional one (a CSOSN and no CST): the sender keeps the original MVA. */
  simples?: boolean;
  /** The rule's CEST and UF: the goods and the destination whose interstate ST agreement is looked up. */
  cest?: string | null;
  uf?: string | null;
}

/** A rule without CEST has no segment to look up: no data on the agreement. */
const NO_CEST = { situacao: 'sem-dados' as const };

const ufOptions = [{ value: '', label: '' }, ...ufs.map((u) => ({ value: u, label: u }))];

const fromRate = (v: string | null) => (v == null || v === '' ? '' : formatDecimalText(v));

/** Own ICMS rate each MVA choice implies: the interstate rate, or the rule's internal rate. */
const icmsRateFor = (option: MvaOption, ruleRate: string) =>
  option === 'nacional' ? '12,00' : option === 'importado' ? '4,00' : ruleRate;

/** Money fields are unbounded; rates follow the percentage mask (##,##; IPI ###,##, it passes 100 %). */
const rateKeys = new Set<keyof StInputs>(['ipiRate', 'icmsRate', 'stRate', 'fcpRate', 'reduction']);

const regimes = [
  { value: 'normal', label: 'Regime normal' },
  { value: 'simples', label: 'Simples Nacional' },
];
const methods = [
  { value: 'mva', label: 'MVA' },
  { value: 'pauta', label: 'Pauta' },
];

/** Today's rules, or a year of the reform's transition (EC 132/2023, ADCT arts. 126–129). */
const years = [
  { value: '', label: 'Regras atuais' },
  ...[2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033].map((y) => ({ value: String(y), label: String(y) })),
];

/** What the year did to the typed rates, in one sentence (empty when nothing). */
export function describeYear(result: StCalculation | null, choices: StChoices): string {
  if (!result || choices.year == null) return '';
  const parts: string[] = [];
  if (result.icmsShare === 0) parts.push('A partir de 2033 não há ICMS nem ICMS-ST (ADCT, art. 129).');
  else if (result.icmsShare < 1)
    parts.push(
      `Em ${choices.year} o ICMS, o ICMS-ST e o FCP são ${formatDecimal(result.icmsShare * 100)}% das alíquotas informadas (ADCT, art. 128).`,
    );
  if (result.ipiZeroed)
    parts.push('IPI com alíquota zero a partir de 2027, fora da Zona Franca de Manaus (ADCT, art. 126, III).');
  return parts.join(' ');
}

function describeMva({ mva, mvaFrom }: StOutcome, choices: StChoices): string {
  if (choices.method === 'pauta') return 'Base da ST por pauta: pauta por unidade × quantidade';
  if (mva === null) return 'MVA aplicada: -';
  const original = choices.regime === 'simples' && choices.option !== 'interna';
  const notes = [
    ...(original ? ['original: remetente do Simples Nacional'] : []),
    ...(mvaFrom === 'acordo' ? ['MVA original do acordo'] : []),
  ];
  return `MVA aplicada: ${formatDecimal(mva)}%${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

/**
 * ICMS-ST calculator (spec 02 §9). All arithmetic is the shared, decimal-safe `calculateSt` of
 * the tax engine, so the screen and the server's operations query agree to the cent.
 */
export function StCalculator({ defaults }: { defaults: StCalculatorDefaults }) {
  const [choices, setChoices] = useState<StChoices>({
    option: 'interna',
    regime: defaults.simples ? 'simples' : 'normal',
    method: 'mva',
    year: null,
    zfm: false,
  });
  const [inputs, setInputs] = useState<StInputs>({
    productValue: '',
    freight: '',
    insurance: '',
    otherExpenses: '',
    discount: '',
    ipiRate: fromRate(defaults.ipiRate),
    icmsRate: fromRate(defaults.icmsRate),
    stRate: fromRate(defaults.stRate),
    fcpRate: fromRate(defaults.fcpRate),
    reduction: fromRate(defaults.icmsBaseReduction),
    pautaUnit: '',
    quantity: '',
  });

  // Origin and destination of an interstate sale: with a CEST, which ST agreement governs the pair (issue 37).
  const [pair, setPair] = useState({ ufOrigem: '', ufDestino: defaults.uf ?? '' });
  const interstate = Boolean(pair.ufOrigem && pair.ufDestino && pair.ufOrigem !== pair.ufDestino);
  const agreementQuery = useStAgreementLookup(interstate && defaults.cest ? { ...pair, cest: defaults.cest } : null);
  const agreement = interstate ? (defaults.cest ? (agreementQuery.data ?? null) : NO_CEST) : null;

  const set = (key: keyof StInputs) => (value: string) => setInputs((s) => ({ ...s, [key]: value }));
  const choose = (next: Partial<StChoices>) => setChoices((c) => ({ ...c, ...next }));

  const onOptionChange = (value: MvaOption) => {
    choose({ option: value });
    setInputs((s) => ({ ...s, icmsRate: icmsRateFor(value, fromRate(defaults.icmsRate)) }));
  };

  const outcome = useMemo(
    () => computeStCalculation(inputs, choices, defaults.iva, agreement),
    [inputs, choices, defaults.iva, agreement],
  );
  const { result, problem } = outcome;

  const yearNote = describeYear(result, choices);

  const field = (key: keyof StInputs, label: string, w?: number) => (
    <DecimalInput
      label={label}
      w={w}
      value={inputs[key]}
      onChange={set(key)}
      maxIntDigits={key === 'ipiRate' ? HIGH_RATE_INT_DIGITS : rateKeys.has(key) ? RATE_INT_DIGITS : undefined}
    />
  );

  const outputs: [Exclude<keyof StCalculation, 'ipiZeroed'>, string][] = [
    ['subtotal', 'Subtotal'],
    ['icmsBase', 'Base ICMS'],
    ['icms', 'ICMS'],
    ['ipi', 'IPI'],
    ['total', 'Total'],
    ['stBase', 'Base ST'],
    ['stValue', 'ICMS-ST'],
    ['effectiveCost', 'Custo efetivo (%)'],
  ];

  return (
    <Stack gap="sm" data-testid="st-calculator">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {field('productValue', 'Valor dos produtos')}
        {field('freight', 'Frete')}
        {field('insurance', 'Seguro')}
        {field('otherExpenses', 'Outras despesas')}
        {field('discount', 'Desconto')}
        {field('ipiRate', 'IPI %')}
        {field('icmsRate', 'ICMS %')}
        {field('stRate', 'ICMS ST %')}
        {field('fcpRate', 'FCP %')}
        {field('reduction', 'Redução BC %')}
      </SimpleGrid>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Remetente"
          data={regimes}
          value={choices.regime}
          onChange={(e) => choose({ regime: e.currentTarget.value as StChoices['regime'] })}
          w={180}
        />
        <NativeSelect
          label="Base da ST"
          data={methods}
          value={choices.method}
          onChange={(e) => choose({ method: e.currentTarget.value as StChoices['method'] })}
          w={120}
        />
        {choices.method === 'mva' ? (
          <NativeSelect
            label="MVA"
            data={mvaOptions.map((o) => ({ value: o.value, label: o.label }))}
            value={choices.option}
            onChange={(e) => onOptionChange(e.currentTarget.value as MvaOption)}
            w={200}
          />
        ) : (
          <>
            {field('pautaUnit', 'Pauta por unidade', 150)}
            {field('quantity', 'Quantidade', 120)}
          </>
        )}
        <Text size="sm" pb={8} data-testid="st-mva">
          {describeMva(outcome, choices)}
        </Text>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="UF de origem"
          data={ufOptions}
          value={pair.ufOrigem}
          onChange={(e) => {
            const ufOrigem = e.currentTarget.value;
            setPair((p) => ({ ...p, ufOrigem }));
          }}
          w={120}
        />
        <NativeSelect
          label="UF de destino"
          data={ufOptions}
          value={pair.ufDestino}
          onChange={(e) => {
            const ufDestino = e.currentTarget.value;
            setPair((p) => ({ ...p, ufDestino }));
          }}
          w={120}
        />
        {agreement && (
          <div style={{ flex: '1 1 320px', paddingBottom: 8 }}>
            <StAgreementLine acordo={agreement} ufOrigem={pair.ufOrigem} ufDestino={pair.ufDestino} />
          </div>
        )}
        {interstate && defaults.cest && agreementQuery.isError && (
          <Text size="sm" pb={8} c="dimmed">
            Não foi possível consultar o acordo de ST.
          </Text>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Ano da operação"
          data={years}
          value={choices.year == null ? '' : String(choices.year)}
          onChange={(e) => choose({ year: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          w={160}
        />
        {choices.year != null && choices.year >= 2027 && (
          <Checkbox
            label="Produto da Zona Franca de Manaus (mantém o IPI)"
            checked={choices.zfm}
            onChange={(e) => choose({ zfm: e.currentTarget.checked })}
            pb={8}
          />
        )}
        {yearNote && (
          <Text size="sm" pb={8} c="dimmed" data-testid="st-year" style={{ flex: '1 1 320px' }}>
            {yearNote}
          </Text>
        )}
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="st-problem">
          {problem}
        </Text>
      )}
      <Divider />
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {outputs.map(([key, label]) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600} data-testid={`st-${key}`}>
                {result ? formatDecimal(result[key]) : '-'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
