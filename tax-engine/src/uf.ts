/** The 27 federative units, as the NF-e writes them (tags UF, cUF's letters). */
export const ufs = [
  ...['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA'],
  ...['PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'],
] as const;
export type Uf = (typeof ufs)[number];
