import type { TDatedAmount } from '@app/contract';
import type { DailyRow } from './dashboard.repository.js';

/** Periods of the 'Produtos Finalizados' chart: 30 days, 12 weeks (from Monday), 12 months. */
export const SERIES_DAYS = 30;
export const SERIES_WEEKS = 12;
export const SERIES_MONTHS = 12;

// Calendar arithmetic on YYYY-MM-DD strings through UTC dates: no time zone or DST can shift a day.
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + n);
  return toIso(d);
};
const weekStart = (iso: string) => addDays(iso, -((toDate(iso).getUTCDay() + 6) % 7));
const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const addMonths = (iso: string, n: number) => {
  const d = toDate(monthStart(iso));
  d.setUTCMonth(d.getUTCMonth() + n);
  return toIso(d);
};

/** First day the chart needs (the oldest of the three series). */
export function seriesStart(today: string): string {
  const starts = [
    addDays(today, -(SERIES_DAYS - 1)),
    addDays(weekStart(today), -7 * (SERIES_WEEKS - 1)),
    addMonths(today, -(SERIES_MONTHS - 1)),
  ];
  return starts.sort()[0]!;
}

type Series = { day: TDatedAmount[]; week: TDatedAmount[]; month: TDatedAmount[] };

/** Buckets per-day rows into the three series, every period present (zero when nothing happened). */
export function buildSeries(rows: DailyRow[], today: string): { created: Series; classified: Series } {
  const periods = {
    day: Array.from({ length: SERIES_DAYS }, (_, i) => addDays(today, i - (SERIES_DAYS - 1))),
    week: Array.from({ length: SERIES_WEEKS }, (_, i) => addDays(weekStart(today), 7 * (i - (SERIES_WEEKS - 1)))),
    month: Array.from({ length: SERIES_MONTHS }, (_, i) => addMonths(today, i - (SERIES_MONTHS - 1))),
  };
  const keyOf = { day: (d: string) => d, week: weekStart, month: monthStart };
  const bucket = (field: 'created' | 'classified'): Series => {
    const out = {} as Series;
    for (const kind of ['day', 'week', 'month'] as const) {
      const sums = new Map(periods[kind].map((p) => [p, 0]));
      for (const r of rows) {
        const key = keyOf[kind](r.day);
        const cur = sums.get(key);
        if (cur !== undefined) sums.set(key, cur + r[field]);
      }
      out[kind] = [...sums].map(([date, amount]) => ({ date, amount }));
    }
    return out;
  };
  return { created: bucket('created'), classified: bucket('classified') };
}
