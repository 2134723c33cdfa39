/** The bind-code search starts with the first two words of the product's description (spec 02 §2). */
export function firstWords(description: string, count = 2): string {
  return description.trim().split(/\s+/).filter(Boolean).slice(0, count).join(' ');
}
