import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { findLogKeyAt, findLogTextPage, type LogKey, type LogTextRow } from './log-export.repository.js';

/** Pages being prepared by the database at once (each on its own pooled connection). */
const AHEAD = 2;

/**
 * The export's events page by page, in order. Formatting a page's snapshots is the database's main cost
 * (decision 030), so two pages are prepared at once: each page's end is found first by a cheap index walk
 * (findLogKeyAt) and the page is then read as the range (previous end, its end], so the database works on
 * the next pages on both cores while Node writes this one. A range holds whatever it holds when read, so an
 * event written meanwhile is neither skipped nor repeated; the last page is open-ended and, if full (events
 * appended meanwhile), the walk goes on after it.
 */
export async function* readLogPages(db: DbOrTx, where: SQL, size: number): AsyncGenerator<LogTextRow[]> {
  let from: LogKey | null = null;
  let more = true;
  const pending: Promise<LogTextRow[]>[] = [];
  const fill = async () => {
    while (more && pending.length < AHEAD) {
      const upTo = await findLogKeyAt(db, where, from, size);
      const page = findLogTextPage(db, where, from, upTo, size);
      page.catch(() => undefined); // awaited below; a download stopped early must not leave it unhandled
      pending.push(page);
      if (upTo) from = upTo;
      else more = false;
    }
  };
  await fill();
  while (pending.length > 0) {
    const page = await pending.shift()!;
    if (!more && pending.length === 0 && page.length === size) {
      const last = page[page.length - 1]!;
      from = { key: last.key, id: last.id };
      more = true;
    }
    const filling = fill();
    filling.catch(() => undefined);
    if (page.length > 0) yield page;
    await filling;
  }
}
