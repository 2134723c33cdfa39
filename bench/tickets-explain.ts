/**
 * EXPLAIN (ANALYZE, BUFFERS) of the tickets statements on the cluster kept by bench/tickets.ts:
 * `BENCH_DIR=/tmp/tickets-bench npx tsx bench/tickets-explain.ts`. The plans (which index, how many buffers) and
 * the server-side execution times do not depend on how busy the client side of the machine is.
 */
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage } from './lib/measure.js';

if (!process.env.BENCH_DIR) throw new Error('BENCH_DIR must point at a cluster seeded by bench/tickets.ts');
const cluster = await startBenchCluster();
const { pool } = cluster.database;
try {
  const member = (await pool.query(`SELECT id FROM users WHERE role = 'Member' AND email LIKE '%@bench' LIMIT 1`))
    .rows[0].id;
  const partner = (await pool.query(`SELECT id FROM partners WHERE name_domain = 'bench-1.localhost'`)).rows[0].id;
  const ticket = (
    await pool.query(
      `SELECT t.id, max(tc.id) AS last FROM tickets t JOIN ticket_comments tc ON tc.ticket_id = t.id
       WHERE t.partner_id = $1 GROUP BY t.id LIMIT 1`,
      [partner],
    )
  ).rows[0];
  const memberScope = `t.company_id IN (SELECT uc.company_id FROM user_companies uc JOIN companies bc
    ON bc.id = uc.company_id WHERE uc.user_id = '${member}' AND bc.status <> 'Blocked')`;
  const page = (filter: string) => `SELECT t.id FROM (SELECT * FROM tickets t WHERE ${filter}
    ORDER BY t.created_at DESC, t.id DESC LIMIT 20 OFFSET 0) t JOIN companies c ON c.id = t.company_id
    JOIN users u ON u.id = t.created_by ORDER BY t.created_at DESC, t.id DESC`;
  const statements: Record<string, string> = {
    'member count': `SELECT sum(n) FROM ticket_counts t WHERE ${memberScope}`,
    'member count(*)': `SELECT count(*) FROM tickets t WHERE ${memberScope}`,
    'member page': page(memberScope),
    'partner count': `SELECT sum(n) FROM ticket_counts t WHERE t.partner_id = '${partner}'`,
    'partner count(*)': `SELECT count(*) FROM tickets t WHERE t.partner_id = '${partner}'`,
    'partner page': page(`t.partner_id = '${partner}'`),
    'admin count': 'SELECT sum(n) FROM ticket_counts t',
    'admin count(*)': 'SELECT count(*) FROM tickets t',
    'admin page': page('true'),
    'poll, nothing new': `SELECT tc.id FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
      WHERE tc.ticket_id = '${ticket.id}' AND tc.id > ${ticket.last} ORDER BY tc.id`,
    'poll, all': `SELECT tc.id FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
      WHERE tc.ticket_id = '${ticket.id}' AND tc.id > 0 ORDER BY tc.id`,
    'access check': `SELECT t.id, EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = '${member}'
      AND uc.company_id = t.company_id) FROM tickets t JOIN companies c ON c.id = t.company_id
      JOIN users u ON u.id = t.created_by WHERE t.id = '${ticket.id}'`,
  };
  console.log(`load ${loadAverage().join(' ')}`);
  for (const [name, text] of Object.entries(statements)) {
    for (let i = 0; i < 3; i++) await pool.query(text); // warm
    const times: number[] = [];
    let plan = '';
    for (let i = 0; i < 21; i++) {
      const res = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`);
      const json = res.rows[0]['QUERY PLAN'][0];
      times.push(json['Execution Time'] + json['Planning Time']);
      if (i === 0) plan = describe(json.Plan);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[10]!.toFixed(2)} ms, worst ${times[20]!.toFixed(2)} ms — ${plan}`);
  }
} finally {
  await cluster.stop();
}

/** The plan's nodes that read tables: scan type, index and buffers. */
function describe(node: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (n: Record<string, unknown>) => {
    if (typeof n['Node Type'] === 'string' && String(n['Node Type']).includes('Scan')) {
      const hits = Number(n['Shared Hit Blocks'] ?? 0) + Number(n['Shared Read Blocks'] ?? 0);
      parts.push(
        `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ` ${n['Relation Name']}`} (${hits} buf)`,
      );
    }
    for (const child of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(node);
  return parts.join(', ');
}
