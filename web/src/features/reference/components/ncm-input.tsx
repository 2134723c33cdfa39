import type { TNcmDetail } from '@app/contract';
import { Autocomplete, type AutocompleteProps, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { formatNcm, maskNcm, unmaskNcm } from '../../../components/ui/fiscal-masks';
import { isNcmNotFound, useNcm } from '../api/get-ncm';
import { useSearchNcm } from '../api/search-ncm';
import { ncmNotFoundMessage, ncmNotInForceMessage } from './ncm-messages';

export interface NcmInputProps
  extends Omit<AutocompleteProps, 'value' | 'onChange' | 'data' | 'error' | 'description'> {
  /** The NCM digits (dots are tolerated). */
  value: string;
  /** Called with the digits of a code typed or chosen; '' while the text is a word search. */
  onChange: (ncm: string) => void;
  /** Validity date (YYYY-MM-DD) the code must be in force on; today when omitted. */
  date?: string;
  error?: ReactNode;
  /** Receives the official record of a complete code (null when unknown or incomplete). */
  onResolved?: (ncm: TNcmDetail | null) => void;
}

const clampTwoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

// The official descriptions run to several hundred characters: three lines per suggestion, the whole
// text on hover, so a dozen suggestions fit instead of one and a half (issue 13).
const clampThreeLines = { ...clampTwoLines, WebkitLineClamp: 3 } as const;

const isCodeLike = (text: string) => /^[\d.\s]*$/.test(text);

/**
 * NCM field with autocomplete: type the code (shown as ####.##.##) or words of the description
 * (accents ignored). A complete code shows its full official description, or the reason it cannot
 * be used (not in the official table, not in force on the date).
 */
export function NcmInput({ value, onChange, date, error, onResolved, label = 'NCM', ...rest }: NcmInputProps) {
  const [text, setText] = useState(() => maskNcm(value));
  const [debounced] = useDebouncedValue(text, 300);
  const search = useSearchNcm(isCodeLike(debounced) ? unmaskNcm(debounced) : debounced);
  const digits = unmaskNcm(value);
  const ncm = useNcm(digits.length === 8 ? digits : '', date);

  // A value set from outside (form reset, a rule loaded for editing) replaces the typed text.
  useEffect(() => {
    if (isCodeLike(text) && unmaskNcm(text) === digits) return;
    if (digits || isCodeLike(text)) setText(maskNcm(digits));
  }, [digits, text]);

  const resolved = digits.length === 8 && ncm.data ? ncm.data : null;
  useEffect(() => onResolved?.(resolved), [resolved, onResolved]);

  const data = useMemo(
    () =>
      (search.data ?? []).map((n) => ({
        value: formatNcm(n.code),
        label: `${formatNcm(n.code)} - ${n.fullDescription}`,
      })),
    [search.data],
  );

  let problem: ReactNode = null;
  if (digits.length === 8 && isNcmNotFound(ncm.error)) problem = ncmNotFoundMessage(digits);
  else if (resolved && !resolved.inForce) problem = ncmNotInForceMessage(resolved);

  const handleChange = (next: string) => {
    // Choosing a suggestion hands over its whole label ("2203.00.00 - Cervejas…"): keep only its code.
    const chosen = data.find((o) => o.label === next);
    if (chosen) {
      setText(chosen.value);
      onChange(unmaskNcm(chosen.value));
      return;
    }
    const shown = isCodeLike(next) ? maskNcm(next) : next;
    setText(shown);
    onChange(isCodeLike(next) ? unmaskNcm(next) : '');
  };

  return (
    <Autocomplete
      label={label}
      placeholder="Código ou descrição"
      {...rest}
      value={text}
      onChange={handleChange}
      data={data}
      // The server already filtered and ranked; filtering again by label would hide word matches.
      filter={({ options }) => options}
      limit={20}
      maxDropdownHeight={360}
      // Wider than a field that shares its row with CEST and COD ANP.
      comboboxProps={{ width: 560, position: 'bottom-start' }}
      renderOption={({ option }) => {
        const label = data.find((o) => o.value === option.value)?.label ?? option.value;
        return (
          <span title={label} style={{ ...clampThreeLines, fontSize: 'var(--mantine-font-size-sm)' }}>
            {label}
          </span>
        );
      }}
      rightSection={search.isFetching || ncm.isFetching ? <Loader size="xs" /> : null}
      description={
        resolved && (
          // At most two lines: the field shares a row with CEST and COD ANP.
          <span title={resolved.fullDescription} style={clampTwoLines}>
            {resolved.fullDescription}
          </span>
        )
      }
      error={error ?? problem}
      inputMode="search"
    />
  );
}
