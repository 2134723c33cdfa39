import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { parseBrDate } from './br-date';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'locale' | 'dateParser'> & {
  /** "YYYY-MM-DD" or '' (what the API takes). */
  value: string;
  onChange: (value: string) => void;
};

/** Shown under a field whose typed text is not a real day ("31/02/2026", "5/3/26"). */
export const INVALID_DATE_MESSAGE = 'Data inválida: use o formato dd/mm/aaaa.';

/**
 * The app's date input (issue 13, decision 022): a Mantine picker in pt-BR (dd/mm/aaaa, Portuguese month and
 * weekday names) that also accepts a typed date, instead of the browser's native input, which follows the
 * browser's language (mm/dd/yyyy in an English browser). A typed text that is not a real day is refused
 * when the field is left: the value is cleared and the field says why, rather than silently keeping the
 * previous date (Mantine's own behaviour), which a search would then use without the analyst noticing.
 */
export function DateField({ value, onChange, onBlur, onFocus, error, ...rest }: Props) {
  const [invalid, setInvalid] = useState(false);
  return (
    <DateInput
      locale="pt-br"
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      dateParser={parseBrDate}
      clearable
      // A Brazilian calendar: weeks start on Sunday, weekdays "dom seg ter…" rather than "Do 2ª 3ª".
      firstDayOfWeek={0}
      weekdayFormat="ddd"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      // The clear button is an icon: without a name a screen reader says only "botão" (axe: button-name). The name
      // does not repeat the field's label, so the label still finds only the field.
      clearButtonProps={{ 'aria-label': 'Limpar campo' }}
      {...rest}
      error={error ?? (invalid ? INVALID_DATE_MESSAGE : undefined)}
      value={value || null}
      onChange={(v) => {
        setInvalid(false);
        onChange(v ?? '');
      }}
      onFocus={(e) => {
        // Back in the field to fix it: the message has been read, it returns on leaving if still wrong.
        setInvalid(false);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        const text = e.currentTarget.value.trim();
        const refused = text !== '' && parseBrDate(text) === null;
        setInvalid(refused);
        if (refused && value) onChange('');
        onBlur?.(e);
      }}
    />
  );
}
