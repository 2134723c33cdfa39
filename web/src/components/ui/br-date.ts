/**
 * A date typed the Brazilian way ("10/03/2025", "1/3/2025", "10032025") or pasted as ISO, as the
 * "YYYY-MM-DD" string the date inputs hold; null while it is not yet a real calendar day.
 * Strict on purpose: "31/02/2025" must not roll over into March as `new Date` would.
 */
export function parseBrDate(text: string): string | null {
  const t = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [day, month, year] = br ? [br[1], br[2], br[3]] : iso ? [iso[3], iso[2], iso[1]] : [];
  if (!day || !month || !year) return null;
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
