import { TextInput, type TextInputProps } from '@mantine/core';
import { maskDecimalText, settleDecimalText } from './decimal-text';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** The text as shown (pt-BR); the caller sends `parseDecimalText(value)`. */
  value: string;
  onChange: (text: string) => void;
  /** Percentages (#,## / ##,##: 2; an MVA/IVA: 3). Absent for money, which has no integer limit. */
  maxIntDigits?: number;
};

/**
 * The one money/percent input of the app (issue 13, decision 022): accepts "1.234,56", "1234,56", "18",
 * "0,65" and a pasted "1234.56", drops letters, and shows the value back in pt-BR when the field is left.
 */
export function DecimalInput({ value, onChange, maxIntDigits, onBlur, ...rest }: Props) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(e) => onChange(maskDecimalText(e.currentTarget.value, { maxIntDigits }))}
      onBlur={(e) => {
        const settled = settleDecimalText(value);
        if (settled !== value) onChange(settled);
        onBlur?.(e);
      }}
    />
  );
}
