import { type TTransitionYear, transitionFieldLabels } from '@app/contract';

type TaxField = keyof typeof transitionFieldLabels;
/** The contract's labels are written in stack order. */
const stackOrder = Object.keys(transitionFieldLabels) as TaxField[];

/**
 * Colours of the burden's figures. Taxes that sit side by side in a stack or are read together get different
 * hues or clearly different lightness, not two near shades (CBS purple against IBS UF dark green against IBS Mun
 * light lime; PIS yellow against COFINS orange; the ICMS charged before light blue against the sale's dark blue):
 * the chart is read by colour alone.
 */
const colors: Record<TaxField, string> = {
  vICMS: 'blue.8',
  vICMSST: 'cyan.7',
  vFCP: 'indigo.4',
  vFCPST: 'cyan.3',
  vICMSUFDest: 'violet.7',
  vFCPUFDest: 'violet.3',
  vIPI: 'pink.6',
  vPIS: 'yellow.4',
  vCOFINS: 'orange.8',
  vCBS: 'grape.7',
  vIBSUF: 'green.9',
  vIBSMun: 'lime.4',
  vIS: 'red.8',
  vICMSAnterior: 'blue.3',
  vDASICMS: 'indigo.6',
  vDASPIS: 'yellow.6',
  vDASCOFINS: 'orange.5',
  vDASCBS: 'grape.4',
  vDASIBS: 'green.6',
};

/** The burden's figures as the screen (and the XLSX) names them, in stack order, with the chart's colours. */
export const taxColumns: { field: TaxField; label: string; color: string }[] = stackOrder.map((field) => ({
  field,
  label: transitionFieldLabels[field],
  color: colors[field],
}));

/** Only the taxes some year has: a column of zeros in every year says nothing. */
export const presentTaxes = (rows: TTransitionYear[]) => taxColumns.filter((c) => rows.some((r) => r[c.field] !== 0));
