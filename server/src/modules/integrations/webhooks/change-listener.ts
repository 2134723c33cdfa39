import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DISPATCH_WEBHOOKS_JOB } from '../integrations.codes.js';
import { dispatchCompany } from './dispatch.service.js';
import { findCompaniesToDispatch } from './webhooks.repository.js';

const CHANNEL = 'erp_changes';
const RECONNECT_MS = 1000;

/**
 * Where workers run: one connection LISTENs on erp_changes (notified at the commit of every feed write,
 * migration 0700) and dispatches that company's new events at once, in this process (decision 044): one
 * dispatch per company at a time, and notifications that arrive meanwhile ask for one more run, so a burst
 * of commits costs a few dispatches instead of a queued job each. A dispatch that fails is handed to the
 * dispatch-webhooks job (retried by pg-boss). The notification is only a hint for speed: the feed and each
 * webhook's position are the durable record, so after every (re)connect the listener queues a dispatch job
 * of every company whose webhooks may be behind — changes committed while no process listened (or while
 * this one died mid-dispatch, rolled back) are delivered then.
 */
export function startChangeListener(app: FastifyInstance): () => Promise<void> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** Companies being dispatched here → whether a notification asked for another run meanwhile. */
  const running = new Map<string, boolean>();
  const inFlight = new Set<Promise<void>>();

  const dispatch = (companyId: string) =>
    app.jobs.send(DISPATCH_WEBHOOKS_JOB, { companyId }).then(
      () => app.jobs.wake(DISPATCH_WEBHOOKS_JOB),
      (err: Error) => app.log.error({ err: { message: err.message } }, 'webhooks: despacho não enfileirado'),
    );

  async function dispatchNow(companyId: string): Promise<void> {
    if (running.has(companyId)) {
      running.set(companyId, true);
      return;
    }
    try {
      do {
        running.set(companyId, false);
        await dispatchCompany(app, companyId);
      } while (running.get(companyId) && !closed);
    } catch (err) {
      app.log.warn({ err: { message: (err as Error).message } }, 'webhooks: despacho imediato falhou; vai para a fila');
      await dispatch(companyId);
    } finally {
      running.delete(companyId);
    }
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ ...app.database.pool.options, application_name: 'erp-changes-listener' });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (!closed) {
        retry = setTimeout(() => void connect(), RECONNECT_MS);
        retry.unref();
      }
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload || closed) return;
      const run = dispatchNow(n.payload);
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      for (const companyId of await findCompaniesToDispatch(app.db)) await dispatch(companyId);
    } catch {
      lost();
    }
  }

  void connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
    // The app closes its pool next: let running dispatches commit or roll back first.
    await Promise.allSettled([...inFlight]);
  };
}
