/**
 * A count and its noun in the right number, read the Brazilian way: "1 produto", "12.345 produtos", "0 produtos"
 * (issue 38: no "produto(s)" on the screens). In Portuguese zero takes the plural.
 */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? singular : plural}`;
}
