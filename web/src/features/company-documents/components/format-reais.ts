const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A decimal string in R$ (pt-BR); null or empty → dash. */
export function formatReais(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return reais.format(Number(value));
}
