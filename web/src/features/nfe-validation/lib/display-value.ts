import { formatCnpj } from '../../../components/ui/cnpj';
import { formatChave } from '../../../components/ui/fiscal-masks';

/**
 * A finding's expected or found value as a person reads it (issue 38): an access key in blocks of 4, the
 * value of a CNPJ field as 00.000.000/0000-00; anything else (amounts, codes) as the rule book wrote it.
 */
export function displayValue(campo: string, value: string): string {
  if (/^\d{44}$/.test(value)) return formatChave(value);
  if (/CNPJ/i.test(campo)) return formatCnpj(value);
  return value;
}
