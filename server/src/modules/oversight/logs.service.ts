import type { Readable } from 'node:stream';
import {
  checkLogPeriod,
  logModuleRanges,
  moduleOfCode,
  type TLogDescriptive,
  type TLogExportQuery,
  todayInBrazil,
} from '@app/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { auditCodes } from '../../lib/audit.js';
import { findLogTextPage, type LogKey, type LogTextRow } from './log-export.repository.js';
import { logTextRowValues, writeLogXlsx } from './log-writer.js';
import { logWhere } from './logs.repository.js';
import type { Cell } from './xlsx-stream.js';

/** GET /users/partners/logs/descriptives: every code some module registered (registerAuditCodes), by code. */
export function listLogDescriptives(): TLogDescriptive[] {
  return Object.entries(auditCodes)
    .map(([code, def]) => ({ code: Number(code), description: def.description }))
    .sort((a, b) => a.code - b.code);
}

const PERIOD_ERRORS = {
  periodRequired: 'LOG_PERIOD_REQUIRED',
  futureDate: 'LOG_FUTURE_DATE',
  endBeforeStart: 'LOG_END_BEFORE_START',
} as const;

// 1,000 rows: with 5,000 the page, its cells and the prefetched next page outlived the young generation and GC
// took most of a 1M-event export (14.5 s → 9 s; decision 030 addendum).
const PAGE = 1000;

function partnerOf(actor: Actor): string {
  // Staff always belong to a partner; one without would otherwise read as "every partner".
  if (!actor.partnerId) throw new AppError('FORBIDDEN');
  return actor.partnerId;
}

/**
 * GET /users/partners/logs/export: the events of a period, category (code range of spec 02 §7) and
 * optionally one code, streamed into an XLSX page by page. Partner staff get their partner's events
 * only; Admin every partner's and the global ones.
 */
export function openLogExport(db: Db, actor: Actor, query: TLogExportQuery, now = new Date()): Readable {
  const problem = checkLogPeriod(query.from, query.to, todayInBrazil(now));
  if (problem) throw new AppError(PERIOD_ERRORS[problem]);
  if (query.code !== undefined && moduleOfCode(query.code) !== query.module)
    throw new AppError('LOG_CODE_OUT_OF_MODULE');
  const where = logWhere({
    from: query.from!,
    to: query.to!,
    codeRange: logModuleRanges[query.module],
    code: query.code,
    partnerId: actor.role === 'Admin' ? null : partnerOf(actor),
  });
  // The next page is read while the current one is written.
  async function* pages(): AsyncGenerator<Cell[][]> {
    const fetchAfter = (after: LogKey | null) => {
      const p = findLogTextPage(db, where, after, PAGE);
      p.catch(() => undefined); // awaited below; a download stopped early must not leave it unhandled
      return p;
    };
    let next: Promise<LogTextRow[]> | null = fetchAfter(null);
    while (next) {
      const page: LogTextRow[] = await next;
      if (page.length === 0) return;
      const last = page[page.length - 1]!;
      next = page.length < PAGE ? null : fetchAfter({ key: last.key, id: last.id });
      yield page.map(logTextRowValues);
    }
  }
  return writeLogXlsx(pages());
}
