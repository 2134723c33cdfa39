/**
 * The NF-e access key (chave de acesso, MOC 4.00 §2.2.6): 44 digits — cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3)
 * nNF(9) tpEmis(1) cNF(8) cDV(1) — whose last digit is the modulus-11 check digit of the first 43, weights
 * 2 to 9 from the right; a remainder of 0 or 1 gives 0.
 */
export function computeAccessKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidAccessKey(chave: string | null | undefined): chave is string {
  if (!chave || !/^\d{44}$/.test(chave)) return false;
  return computeAccessKeyCheckDigit(chave.slice(0, 43)) === chave.charCodeAt(43) - 48;
}
