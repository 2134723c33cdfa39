import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { parseBrDate } from './br-date';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'locale' | 'dateParser'> & {
  /** "YYYY-MM-DD" or '' (what the API takes). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * The app's date input (issue 13, decision 022): a Mantine picker in pt-BR (dd/mm/aaaa, Portuguese month and
 * weekday names) that also accepts a typed date, instead of the browser's native input, which follows the
 * browser's language (mm/dd/yyyy in an English browser).
 */
export function DateField({ value, onChange, ...rest }: Props) {
  return (
    <DateInput
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      dateParser={parseBrDate}
      clearable
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      {...rest}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}
