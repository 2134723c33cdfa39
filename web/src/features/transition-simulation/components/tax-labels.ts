import type { TTransitionYear } from '@app/contract';

type TaxField = Exclude<keyof TTransitionYear, 'ano' | 'vTotal' | 'pCarga' | 'estimado'>;

/** The taxes of a year's row as the screen names them, in the order of the NF-e; colours for the chart. */
export const taxColumns: { field: TaxField; label: string; color: string }[] = [
  { field: 'vICMS', label: 'ICMS', color: 'blue.6' },
  { field: 'vICMSST', label: 'ICMS-ST', color: 'indigo.5' },
  { field: 'vFCP', label: 'FCP', color: 'cyan.6' },
  { field: 'vFCPST', label: 'FCP-ST', color: 'cyan.3' },
  { field: 'vICMSUFDest', label: 'DIFAL', color: 'violet.5' },
  { field: 'vFCPUFDest', label: 'FCP DIFAL', color: 'violet.3' },
  { field: 'vIPI', label: 'IPI', color: 'grape.6' },
  { field: 'vPIS', label: 'PIS', color: 'yellow.6' },
  { field: 'vCOFINS', label: 'COFINS', color: 'yellow.8' },
  { field: 'vCBS', label: 'CBS', color: 'teal.6' },
  { field: 'vIBSUF', label: 'IBS UF', color: 'green.6' },
  { field: 'vIBSMun', label: 'IBS Mun', color: 'lime.6' },
  { field: 'vIS', label: 'IS', color: 'red.6' },
];

/** Only the taxes some year has: a column of zeros in every year says nothing. */
export const presentTaxes = (rows: TTransitionYear[]) => taxColumns.filter((c) => rows.some((r) => r[c.field] !== 0));
