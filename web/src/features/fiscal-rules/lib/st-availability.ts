/** The ST calculator tab is offered only for CST ICMS ending in 60 or 70, or CSOSN ending in 500 (spec 02 §2). */
export function isStCalculatorAvailable(cst: string | null | undefined, csosn: string | null | undefined): boolean {
  return /(60|70)$/.test(cst ?? '') || /500$/.test(csosn ?? '');
}
