import { maskNcm } from '../../../components/ui/fiscal-masks';
import { NcmInput } from '../../reference/components/ncm-input';

interface Props {
  value: string;
  onChange: (masked: string) => void;
}

/**
 * NCM of the named rule: the shared autocomplete shows the official description of a complete
 * code, or why it cannot be used (not in the table, not in force), before the server is asked.
 * The form keeps it masked (####.##.##); the payload removes the dots.
 */
export function NcmField({ value, onChange }: Props) {
  return <NcmInput value={value} onChange={(digits) => onChange(maskNcm(digits))} />;
}
