import { useQuery } from '@tanstack/react-query';

export interface Municipality {
  code: string;
  uf: string;
  name: string;
}

/**
 * The IBGE table of the 5,570 municípios (reference-data/ibge-municipios.csv: código;uf;nome), loaded with the
 * screen that needs it, in its own chunk (≈ 45 KB compressed), so a rate is picked and read by the municipality's
 * name instead of a 7-digit code (issue 38).
 */
async function loadMunicipalities(): Promise<Map<string, Municipality>> {
  const { default: csv } = await import('../../../../../reference-data/ibge-municipios.csv?raw');
  const byCode = new Map<string, Municipality>();
  for (const line of csv.split('\n').slice(1)) {
    const [code, uf, name] = line.trim().split(';');
    if (code && uf && name) byCode.set(code, { code, uf, name });
  }
  return byCode;
}

export function useMunicipalities() {
  return useQuery({ queryKey: ['reference', 'ibge-municipios'], queryFn: loadMunicipalities, staleTime: Infinity });
}

/** "Campinas (3509502)", or the code alone when the table does not have it. */
export function municipalityLabel(byCode: Map<string, Municipality> | undefined, code: string): string {
  const found = byCode?.get(code);
  return found ? `${found.name} (${code})` : code;
}
