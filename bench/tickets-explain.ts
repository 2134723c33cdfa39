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
  // A kept cluster seeded before tickets.ts vacuumed its counters (their rows were updated 100k times).
  await pool.query('VACUUM ANALYZE ticket_counts');
  const member = (
    await pool.query(`SELECT id FROM users WHERE role = 'Member' AND email LIKE 'm0%@bench' ORDER BY email LIMIT 1`)
  ).rows[0].id;
  const partner = (await pool.query(`SELECT id FROM partners WHERE name_domain = 'bench-1.localhost'`)).rows[0].id;
  const ticket = (
    await pool.query(
      `SELECT t.id, max(tc.id) AS last FROM tickets t JOIN ticket_comments tc ON tc.ticket_id = t.id
       WHERE t.partner_id = $1 AND t.company_id IN (SELECT company_id FROM user_companies WHERE user_id = $2)
       GROUP BY t.id LIMIT 1`,
      [partner, member],
    )
  ).rows[0];
  const memberScope = `t.company_id IN (SELECT uc.company_id FROM user_companies uc JOIN companies bc
    ON bc.id = uc.company_id WHERE uc.user_id = '${member}' AND bc.status <> 'Blocked')`;
  const page = (filter: string) => `SELECT t.id FROM (SELECT * FROM tickets t WHERE ${filter}
    ORDER BY t.created_at DESC, t.id DESC LIMIT 20 OFFSET 0) t JOIN companies c ON c.id = t.company_id
    JOIN users u ON u.id = t.created_by ORDER BY t.created_at DESC, t.id DESC`;
  const multi = (await pool.query(`SELECT id FROM users WHERE email = 'multi@bench'`)).rows[0]?.id ?? member;
  // What findTicketPage sends for a Member: each linked company's newest 20 by its index, then merged.
  const lateralPage = (user: string) => `SELECT t.id FROM (SELECT t.* FROM (SELECT uc.company_id FROM user_companies uc
    JOIN companies bc ON bc.id = uc.company_id WHERE uc.user_id = '${user}' AND bc.status <> 'Blocked') mc
    CROSS JOIN LATERAL (SELECT * FROM tickets t WHERE t.company_id = mc.company_id
      ORDER BY t.created_at DESC, t.id DESC LIMIT 20) t
    ORDER BY t.created_at DESC, t.id DESC LIMIT 20 OFFSET 0) t JOIN companies c ON c.id = t.company_id
    JOIN users u ON u.id = t.created_by ORDER BY t.created_at DESC, t.id DESC`;
  // What pollComments sends for a Member: the access check and the comments after the id in one statement.
  const poll = (after: string | number) => `SELECT c.status = 'Blocked', tc.id FROM tickets t
    JOIN companies c ON c.id = t.company_id
    LEFT JOIN LATERAL (SELECT tc.*, u.name FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
      WHERE tc.ticket_id = t.id AND tc.id > ${after} ORDER BY tc.id) tc ON NOT c.status = 'Blocked'
    WHERE t.id = '${ticket.id}' AND EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = '${member}'
      AND uc.company_id = t.company_id) ORDER BY tc.id`;
  const statements: Record<string, string> = {
    'member page (LATERAL, 1 company)': lateralPage(member),
    'member page (LATERAL, 10 companies)': lateralPage(multi),
    'member page (IN, 10 companies, before)': page(memberScope.replace(`'${member}'`, `'${multi}'`)),
    'poll in one statement, nothing new': poll(ticket.last),
    'poll in one statement, all': poll(0),
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
