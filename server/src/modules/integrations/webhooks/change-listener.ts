import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { DISPATCH_WEBHOOKS_JOB } from '../integrations.codes.js';
import { findCompaniesToDispatch } from './webhooks.repository.js';

const CHANNEL = 'erp_changes';
const RECONNECT_MS = 1000;

/**
 * Where workers run: one connection LISTENs on erp_changes (notified at the commit of every feed write,
 * migration 0700) and queues a dispatch of that company. The notification is only a hint for speed: the
 * feed and each webhook's position are the durable record, so after every (re)connect the listener queues
 * a dispatch of every company whose webhooks may be behind — changes committed while no process listened
 * are delivered then.
 */
export function startChangeListener(app: FastifyInstance): () => Promise<void> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const dispatch = (companyId: string) =>
    app.jobs.send(DISPATCH_WEBHOOKS_JOB, { companyId }).then(
      () => app.jobs.wake(DISPATCH_WEBHOOKS_JOB),
      (err: Error) => app.log.error({ err: { message: err.message } }, 'webhooks: despacho não enfileirado'),
    );

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
      if (n.channel === CHANNEL && n.payload) void dispatch(n.payload);
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
  };
}
