import type { Uf } from './uf.js';

export type Region = 'N' | 'NE' | 'CO' | 'SE' | 'S';

export interface UfTaxFacts {
  name: string;
  ibgeCode: number;
  region: Region;
  /** Internal (modal) ICMS rate in percent. */
  internalRate: number;
  /** Standard FCP (poverty fund) additional rate in percent. */
  fcp: number;
}

/**
 * Internal ICMS rate and standard FCP per UF: shared/data/icms-uf.csv (state laws in force in
 * 2025; MA 23 %, PI 22.5 %, RN 20 % changed in 2025). A rule's own rates win over these; the table
 * is the fallback when a UF has no state rule for the product.
 */
export const icmsUfTable: Record<Uf, UfTaxFacts> = {
  AC: { name: 'Acre', ibgeCode: 12, region: 'N', internalRate: 19, fcp: 0 },
  AL: { name: 'Alagoas', ibgeCode: 27, region: 'NE', internalRate: 19, fcp: 1 },
  AP: { name: 'Amapá', ibgeCode: 16, region: 'N', internalRate: 18, fcp: 0 },
  AM: { name: 'Amazonas', ibgeCode: 13, region: 'N', internalRate: 20, fcp: 0 },
  BA: { name: 'Bahia', ibgeCode: 29, region: 'NE', internalRate: 20.5, fcp: 0 },
  CE: { name: 'Ceará', ibgeCode: 23, region: 'NE', internalRate: 20, fcp: 0 },
  DF: { name: 'Distrito Federal', ibgeCode: 53, region: 'CO', internalRate: 20, fcp: 0 },
  ES: { name: 'Espírito Santo', ibgeCode: 32, region: 'SE', internalRate: 17, fcp: 0 },
  GO: { name: 'Goiás', ibgeCode: 52, region: 'CO', internalRate: 19, fcp: 0 },
  MA: { name: 'Maranhão', ibgeCode: 21, region: 'NE', internalRate: 23, fcp: 0 },
  MT: { name: 'Mato Grosso', ibgeCode: 51, region: 'CO', internalRate: 17, fcp: 0 },
  MS: { name: 'Mato Grosso do Sul', ibgeCode: 50, region: 'CO', internalRate: 17, fcp: 0 },
  MG: { name: 'Minas Gerais', ibgeCode: 31, region: 'SE', internalRate: 18, fcp: 0 },
  PA: { name: 'Pará', ibgeCode: 15, region: 'N', internalRate: 19, fcp: 0 },
  PB: { name: 'Paraíba', ibgeCode: 25, region: 'NE', internalRate: 20, fcp: 0 },
  PR: { name: 'Paraná', ibgeCode: 41, region: 'S', internalRate: 19.5, fcp: 0 },
  PE: { name: 'Pernambuco', ibgeCode: 26, region: 'NE', internalRate: 20.5, fcp: 0 },
  PI: { name: 'Piauí', ibgeCode: 22, region: 'NE', internalRate: 22.5, fcp: 0 },
  RJ: { name: 'Rio de Janeiro', ibgeCode: 33, region: 'SE', internalRate: 20, fcp: 2 },
  RN: { name: 'Rio Grande do Norte', ibgeCode: 24, region: 'NE', internalRate: 20, fcp: 0 },
  RS: { name: 'Rio Grande do Sul', ibgeCode: 43, region: 'S', internalRate: 17, fcp: 0 },
  RO: { name: 'Rondônia', ibgeCode: 11, region: 'N', internalRate: 19.5, fcp: 0 },
  RR: { name: 'Roraima', ibgeCode: 14, region: 'N', internalRate: 20, fcp: 0 },
  SC: { name: 'Santa Catarina', ibgeCode: 42, region: 'S', internalRate: 17, fcp: 0 },
  SP: { name: 'São Paulo', ibgeCode: 35, region: 'SE', internalRate: 18, fcp: 0 },
  SE: { name: 'Sergipe', ibgeCode: 28, region: 'NE', internalRate: 19, fcp: 1 },
  TO: { name: 'Tocantins', ibgeCode: 17, region: 'N', internalRate: 20, fcp: 0 },
};

export type InterstateRate = 4 | 7 | 12;

/**
 * Goods origin codes (NF-e `orig`) taxed at 4 % between states: foreign goods and goods with
 * more than 40 % imported content (Resolução do Senado 13/2012).
 */
const importedOrigins = new Set([1, 2, 3, 8]);

export function isImportedOrigin(origin: number | null | undefined): boolean {
  return origin != null && importedOrigins.has(origin);
}

/** True when the origin UF is in the South or Southeast, Espírito Santo excepted. */
function isSouthOrSoutheastExceptEs(uf: Uf): boolean {
  const region = icmsUfTable[uf].region;
  return (region === 'S' || region === 'SE') && uf !== 'ES';
}

/** True when the destination is in the North, Northeast, Center-West or is Espírito Santo. */
function isNorthNortheastCenterWestOrEs(uf: Uf): boolean {
  const region = icmsUfTable[uf].region;
  return region === 'N' || region === 'NE' || region === 'CO' || uf === 'ES';
}

/**
 * Interstate ICMS rate between two different UFs (Resolução do Senado 22/1989 and 13/2012):
 * 4 % for imported goods; 7 % from S/SE (except ES) to N/NE/CO/ES; 12 % for every other pair.
 * Returns null when origin and destination are the same UF: the operation is internal.
 */
export function findInterstateRate(
  origin: Uf,
  destination: Uf,
  opts: { imported?: boolean } = {},
): InterstateRate | null {
  if (origin === destination) return null;
  if (opts.imported) return 4;
  if (isSouthOrSoutheastExceptEs(origin) && isNorthNortheastCenterWestOrEs(destination)) return 7;
  return 12;
}
