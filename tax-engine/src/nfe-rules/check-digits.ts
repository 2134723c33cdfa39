/**
 * Check digits of the identifiers the rules test offline. CNPJ: modulus 11 with weights 2–9 from the right
 * (IN RFB 2.119/2022, annex); from July 2026 the first 12 positions may be letters, each worth its ASCII code − 48
 * (IN RFB 2.229/2024, NT Conjunta 2025.001). CPF: modulus 11, weights 2–11. Access key: MOC 7.0 §2.2.6.2.
 */
function mod11(values: number[], maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = values.length - 1; i >= 0; i--) {
    sum += values[i]! * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const codes = (s: string) => [...s].map((ch) => ch.charCodeAt(0) - 48);

export function isValidCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^0{14}$/.test(cnpj)) return false;
  const base = codes(cnpj.slice(0, 12));
  const d1 = mod11(base, 9);
  const d2 = mod11([...base, d1], 9);
  return cnpj.endsWith(`${d1}${d2}`);
}

export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const base = codes(cpf.slice(0, 9));
  const d1 = mod11(base, 11);
  const d2 = mod11([...base, d1], 11);
  return cpf.endsWith(`${d1}${d2}`);
}

/** The model of a 44-position access key (positions 21–22, MOC 7.0 §2.2.6.2): 55, 65, 57, 59 … */
export const keyModel = (key: string): string => key.slice(20, 22);

/** The access key's check digit over its first 43 positions (letters of an alphanumeric CNPJ: ASCII − 48). */
export function accessKeyDigit(first43: string): number {
  return mod11(codes(first43), 9);
}
