/**
 * Server-side cost of the dashboard's and the indicators' statements on the cluster kept by bench/oversight.ts
 * (`BENCH_DIR=… npx tsx bench/oversight-explain.ts`): each repository call is run through a database wrapper
 * that sends its exact SQL as EXPLAIN (ANALYZE, BUFFERS) 21 times. Unlike wall-clock times over HTTP, these
 * do not depend on how busy the machine's client side is.
 */

import { todayInBrazil } from '@app/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../server/src/db/client.js';
import type { Actor } from '../server/src/lib/actor.js';
import {
  companyScope,
  countFiscalRulesByStatus,
  findCompanyCounts,
  findDailyCounts,
  findProductRuleChecks,
} from '../server/src/modules/oversight/dashboard.repository.js';
import { seriesStart } from '../server/src/modules/oversight/dashboard-series.js';
import { findIndicatorsOf } from '../server/src/modules/oversight/indicators.repository.js';
import { countTicketsByStatus } from '../server/src/modules/oversight/tickets-count.repository.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage } from './lib/measure.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by bench/oversight.ts');
const cluster = await startBenchCluster();
const { db, pool } = cluster.database;
const seed = (await pool.query('SELECT * FROM bench_seed')).rows[0];
const dialect = (db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }).dialect;

/** Runs `call` with a db whose execute() explains the statement instead (timed 21 times) and returns its rows. */
async function explain(name: string, call: (db: DbOrTx) => Promise<unknown>) {
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        const q = dialect.sqlToQuery(query);
        const times: number[] = [];
        let buffers = 0;
        for (let i = 0; i < 24; i++) {
          const res = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`, q.params);
          const json = res.rows[0]['QUERY PLAN'][0];
          if (i >= 3) times.push(json['Execution Time'] + json['Planning Time']);
          buffers = Number(json.Plan['Shared Hit Blocks'] ?? 0) + Number(json.Plan['Shared Read Blocks'] ?? 0);
        }
        times.sort((a, b) => a - b);
        console.log(
          `${name}: median ${times[10]!.toFixed(2)} ms, worst ${times[20]!.toFixed(2)} ms, ${buffers} buffers`,
        );
        return pool.query(q.sql, q.params);
      };
    },
  }) as DbOrTx;
  await call(proxy);
}

try {
  console.log(`load ${loadAverage().join(' ')}`);
  const scope = companyScope(seed.partner_id);
  const company = seed.company_ids[1] as string;
  const today = todayInBrazil(new Date());
  await explain('dashboard: companies (status counters)', (d) => findCompanyCounts(d, scope));
  await explain('dashboard: product rule checks', (d) => findProductRuleChecks(d, scope, 64));
  await explain('dashboard: daily counts', (d) => findDailyCounts(d, seed.partner_id, seriesStart(today), 64));
  await explain('dashboard: fiscal rules', (d) => countFiscalRulesByStatus(d));
  await explain('dashboard: tickets', (d) => countTicketsByStatus(d, scope));
  const owner = { id: seed.owner_id, role: 'PartnerOwner', partnerId: seed.partner_id } as Actor;
  await explain('indicators: the one statement (access, counters, histories)', (d) =>
    findIndicatorsOf(d, owner, company, true),
  );
  console.log(`load ${loadAverage().join(' ')}`);
} finally {
  await cluster.stop();
}
