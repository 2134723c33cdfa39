import { checkLogPeriod, todayInBrazil } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { buildSeries, seriesStart } from './dashboard-series.js';
import { describeSnapshot, logTextRowValues } from './log-writer.js';

describe('log rows', () => {
  it('never starts a cell with a formula character, and writes pt-BR date and time', () => {
    const values = logTextRowValues({
      key: '2026-03-05 15:04:05.123456+00',
      id: '1',
      local: '2026-03-05 12:04:05.123456',
      code: 3001,
      description: 'Produto cadastrado',
      actorName: '=cmd|"/c calc"!A1',
      partnerName: '+parceiro',
      company: '@empresa',
      entityId: '-1',
      before: null,
      after: { description: 'ÁGUA', ncm: null, rules: ['SP'] },
    });
    expect(values[0]).toBe('05/03/2026 12:04:05');
    expect(values.slice(3, 7)).toEqual(['\'=cmd|"/c calc"!A1', "'+parceiro", "'@empresa", "'-1"]);
    expect(values[7]).toBe('');
    expect(values[8]).toBe('description: ÁGUA; ncm: —; rules: ["SP"]');
    expect(describeSnapshot({ a: 1 })).toBe('a: 1');
  });
});

describe('log period (spec 02 §5)', () => {
  it('asks for both dates, refuses the future and an end before the start', () => {
    expect(checkLogPeriod('', '2026-01-02', '2026-02-01')).toBe('periodRequired');
    expect(checkLogPeriod('2026-01-01', '2026-02-02', '2026-02-01')).toBe('futureDate');
    expect(checkLogPeriod('2026-01-05', '2026-01-02', '2026-02-01')).toBe('endBeforeStart');
    expect(checkLogPeriod('2026-01-01', '2026-02-01', '2026-02-01')).toBeNull();
    // 01:30 UTC is still the previous day in São Paulo.
    expect(todayInBrazil(new Date('2026-03-01T01:30:00Z'))).toBe('2026-02-28');
  });
});

describe('dashboard series', () => {
  it('buckets days into 30 days, 12 weeks from Monday and 12 months, zeros included', () => {
    const today = '2026-03-04'; // a Wednesday
    expect(seriesStart(today)).toBe('2025-04-01');
    const s = buildSeries(
      [
        { day: '2026-03-02', created: 5, classified: 1 },
        { day: '2026-03-04', created: 2, classified: 2 },
        { day: '2026-02-28', created: 7, classified: 0 },
        { day: '2025-04-01', created: 9, classified: 9 },
      ],
      today,
    );
    expect(s.created.day).toHaveLength(30);
    expect(s.created.day.at(-1)).toEqual({ date: '2026-03-04', amount: 2 });
    expect(s.created.week.at(-1)).toEqual({ date: '2026-03-02', amount: 7 });
    expect(s.created.week.at(-2)).toEqual({ date: '2026-02-23', amount: 7 });
    expect(s.created.month.at(-1)).toEqual({ date: '2026-03-01', amount: 7 });
    expect(s.created.month[0]).toEqual({ date: '2025-04-01', amount: 9 });
    expect(s.classified.month.at(-1)!.amount).toBe(3);
  });
});
