import { calculateSt, type MvaOption, mvaOptions, resolveMva, type StCalculation, TaxInputError } from '@app/contract';
import { Divider, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DecimalInput } from '../../../components/ui/decimal-input';
import {
  formatDecimalText,
  HIGH_RATE_INT_DIGITS,
  parseDecimalText,
  RATE_INT_DIGITS,
} from '../../../components/ui/decimal-text';
import { formatDecimal } from '../../../components/ui/fiscal-masks';

/** Rates of the rule the calculator starts from (decimal strings as the API answers). */
export interface StCalculatorDefaults {
  ipiRate: string | null;
  icmsRate: string | null;
  stRate: string | null;
  fcpRate: string | null;
  icmsBaseReduction: string | null;
  iva: string | null;
}

interface Inputs {
  productValue: string;
  freight: string;
  insurance: string;
  otherExpenses: string;
  discount: string;
  ipiRate: string;
  icmsRate: string;
  stRate: string;
  fcpRate: string;
  reduction: string;
}

const fromRate = (v: string | null) => (v == null || v === '' ? '' : formatDecimalText(v));

/** Own ICMS rate each MVA choice implies: the interstate rate, or the rule's internal rate. */
const icmsRateFor = (option: MvaOption, ruleRate: string) =>
  option === 'nacional' ? '12,00' : option === 'importado' ? '4,00' : ruleRate;

/** Money fields are unbounded; rates follow the percentage mask (##,##; IPI ###,##, it passes 100 %). */
const rateKeys = new Set<keyof Inputs>(['ipiRate', 'icmsRate', 'stRate', 'fcpRate', 'reduction']);

/** The exact decimal of a typed field; an empty one counts as zero, a malformed one stops the calculation. */
function decimalOf(text: string): string {
  if (!text.trim()) return '0';
  const value = parseDecimalText(text);
  if (value === null) throw new Error('not a number');
  return value;
}

/**
 * ICMS-ST calculator (spec 02 §9). All arithmetic is the shared, decimal-safe `calculateSt` of
 * the contract's tax engine, so the screen and the server's operations query agree to the cent.
 */
export function StCalculator({ defaults }: { defaults: StCalculatorDefaults }) {
  const [option, setOption] = useState<MvaOption>('interna');
  const [inputs, setInputs] = useState<Inputs>({
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
  });

  const set = (key: keyof Inputs) => (value: string) => setInputs((s) => ({ ...s, [key]: value }));

  const onOptionChange = (value: MvaOption) => {
    setOption(value);
    setInputs((s) => ({ ...s, icmsRate: icmsRateFor(value, fromRate(defaults.icmsRate)) }));
  };

  const { mva, result, problem } = useMemo((): {
    mva: number | null;
    result: StCalculation | null;
    problem?: string;
  } => {
    try {
      // The destination's internal rate is the ST rate: what the adjusted MVA equalises to.
      const mvaValue = resolveMva(option, defaults.iva ?? 0, decimalOf(inputs.stRate));
      const calc = calculateSt({
        productValue: decimalOf(inputs.productValue),
        freight: decimalOf(inputs.freight),
        insurance: decimalOf(inputs.insurance),
        otherExpenses: decimalOf(inputs.otherExpenses),
        discount: decimalOf(inputs.discount),
        ipiRate: decimalOf(inputs.ipiRate),
        icmsRate: decimalOf(inputs.icmsRate),
        icmsBaseReduction: decimalOf(inputs.reduction),
        mva: mvaValue,
        stRate: decimalOf(inputs.stRate),
        fcpRate: decimalOf(inputs.fcpRate),
      });
      return { mva: mvaValue, result: calc };
    } catch (err) {
      // An unparsable entry ("1,2,3") leaves the results empty until it is fixed; a figure the engine
      // refuses (negative, a rate of 100 % or more) says why, with the message of the API.
      return { mva: null, result: null, problem: err instanceof TaxInputError ? err.message : undefined };
    }
  }, [inputs, option, defaults.iva]);

  const field = (key: keyof Inputs, label: string) => (
    <DecimalInput
      label={label}
      value={inputs[key]}
      onChange={set(key)}
      maxIntDigits={key === 'ipiRate' ? HIGH_RATE_INT_DIGITS : rateKeys.has(key) ? RATE_INT_DIGITS : undefined}
    />
  );

  const outputs: [keyof StCalculation, string][] = [
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
      <Group align="flex-end">
        <NativeSelect
          label="MVA"
          data={mvaOptions.map((o) => ({ value: o.value, label: o.label }))}
          value={option}
          onChange={(e) => onOptionChange(e.currentTarget.value as MvaOption)}
          w={220}
        />
        <Text size="sm" pb={8} data-testid="st-mva">
          MVA aplicada: {mva === null ? '-' : `${formatDecimal(mva)}%`}
        </Text>
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
