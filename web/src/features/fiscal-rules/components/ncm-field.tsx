import { TextInput } from '@mantine/core';
import { maskNcm } from '../../../components/ui/fiscal-masks';

interface Props {
  value: string;
  onChange: (masked: string) => void;
}

/** NCM typed as ####.##.##. */
export function NcmField({ value, onChange }: Props) {
  return (
    <TextInput
      label="NCM"
      placeholder="####.##.##"
      value={value}
      onChange={(e) => onChange(maskNcm(e.currentTarget.value))}
    />
  );
}
