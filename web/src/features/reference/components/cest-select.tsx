import { Select, type SelectProps } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { formatCest } from '../../../components/ui/fiscal-masks';
import { useCests } from '../api/get-cests';
import { cestMismatchMessage } from './ncm-messages';

export interface CestSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'data' | 'error'> {
  /** NCM digits: only the CESTs whose NCM prefixes cover it are offered. */
  ncm?: string;
  /** CEST, 7 digits ('' = none). */
  value: string;
  onChange: (cest: string) => void;
  error?: ReactNode;
}

/**
 * CEST chooser filtered by the NCM (Convênio ICMS 142/2018 prefixes, most specific first). A CEST
 * already set that does not cover the NCM stays visible with the message the server would give.
 */
export function CestSelect({ ncm, value, onChange, error, label = 'CEST', ...rest }: CestSelectProps) {
  const ncmDigits = (ncm ?? '').replace(/\D/g, '');
  const hasNcm = ncmDigits.length === 8;
  const cests = useCests(hasNcm ? { ncm: ncmDigits } : {});
  const fitting = cests.data ?? [];

  const data = useMemo(() => {
    const items = fitting.map((c) => ({ value: c.code, label: `${formatCest(c.code)} - ${c.description}` }));
    if (value && !fitting.some((c) => c.code === value)) items.unshift({ value, label: formatCest(value) });
    return items;
  }, [fitting, value]);

  const mismatch =
    hasNcm && value && cests.isSuccess && !fitting.some((c) => c.code === value)
      ? cestMismatchMessage(value, ncmDigits)
      : null;

  return (
    <Select
      label={label}
      placeholder={hasNcm ? 'Selecione o CEST' : 'Informe o NCM para filtrar'}
      searchable
      clearable
      nothingFoundMessage="Nenhum CEST corresponde a este NCM"
      limit={200}
      maxDropdownHeight={320}
      {...rest}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error ?? mismatch}
    />
  );
}
