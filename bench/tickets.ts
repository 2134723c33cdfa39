/**
 * Tickets (issue 11, "Performance"): 100k tickets and 1M comments across 100 companies of two partners, then
 * the ticket list (a Member's companies, a partner's queue, Admin's all; count + first page) and the chat's
 * comment polling (`lastTicketCommentId` = the newest id: nothing new, the common case; and all), each over HTTP
 * through the real server bundle (`npm start`'s), through the service in process, and as the bare SQL doing the
 * same work. A Member linked to 10 companies is added after the seed (the list merges their index ranges).
 *
 * `npx tsx bench/tickets.ts` (temp cluster) or `BENCH_DIR=/tmp/tickets-bench npx tsx bench/tickets.ts` (kept:
 * the next run skips the seed). Sizes: BENCH_TICKETS (100000), BENCH_COMMENTS (1000000), BENCH_SAMPLES (200).
 */
import { createSessionToken } from '../server/src/db/factories.js';
import type { Actor } from '../server/src/lib/actor.js';
import { listComments } from '../server/src/modules/tickets/ticket-comments.service.js';
import { listTickets } from '../server/src/modules/tickets/tickets.service.js';
import { startBenchCluster } from './lib/cluster.js';
import { loadAverage, startServer, stats, timeIt } from './lib/measure.js';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const COMPANIES = 100;

const cluster = await startBenchCluster();
const { db, pool } = cluster.database;

async function seed() {
  const have = (await pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n as number;
  if (have >= TICKETS) return console.log(`seed kept: ${have} tickets`);
  const t0 = performance.now();
  // Two partners of 50 companies; one Member per company; one owner per partner; an Admin; 10 products each.
  await pool.query(`
    INSERT INTO partners (name, name_domain, display_name, display_name_short)
    SELECT 'Parceiro ' || p, 'bench-' || p || '.localhost', 'Parceiro ' || p, 'P' || p FROM generate_series(1, 2) p;
    INSERT INTO companies (partner_id, document, uf, razao_social, nome_fantasia, crt, regime_tributario,
      codigo_faixa_enquadramento, status)
    SELECT (SELECT id FROM partners WHERE name_domain = 'bench-' || (1 + (c - 1) / 50) || '.localhost'),
      lpad(c::text, 14, '0'), 'SP', 'EMPRESA BENCH ' || c, 'LOJA ' || c, 'RegimeNormal', 'LucroPresumido',
      'LucroPresumido', 'Active'
    FROM generate_series(1, ${COMPANIES}) c;
    INSERT INTO users (partner_id, name, email, role)
    SELECT c.partner_id, 'Membro ' || c.nome_fantasia, 'm' || c.document || '@bench', 'Member' FROM companies c;
    INSERT INTO user_companies (user_id, company_id)
    SELECT u.id, c.id FROM companies c JOIN users u ON u.email = 'm' || c.document || '@bench';
    INSERT INTO users (partner_id, name, email, role)
    SELECT id, 'Dono ' || name, 'owner@' || name_domain, 'PartnerOwner' FROM partners WHERE name_domain LIKE 'bench-%';
    INSERT INTO users (name, email, role) VALUES ('Admin Bench', 'admin@bench', 'Admin');
    INSERT INTO products (company_id, internal_code, description, gtin, status)
    SELECT c.id, 'P' || i, 'PRODUTO ' || i || ' DA ' || c.nome_fantasia, lpad((7890000000000 + i)::text, 14, '0'), 'F'
    FROM companies c, generate_series(1, 10) i;`);
  // Tickets spread over two years, evenly across companies, opened by the company's Member.
  await pool.query(
    `
    INSERT INTO tickets (partner_id, company_id, product_id, product_code, product_description, gtin, status, title,
      description, comment_count, created_by, created_at)
    SELECT c.partner_id, c.id, p.id, p.internal_code, p.description, p.gtin,
      (ARRAY['Open', 'Pending', 'Closed'])[1 + g % 3], 'Dúvida ' || g, 'Descrição da dúvida número ' || g,
      $2::int / $1::int, u.id, now() - (g || ' minutes')::interval * 7
    FROM generate_series(1, $1::int) g
    JOIN LATERAL (SELECT * FROM companies ORDER BY id OFFSET g % ${COMPANIES} LIMIT 1) c ON true
    JOIN LATERAL (SELECT * FROM products p WHERE p.company_id = c.id ORDER BY internal_code OFFSET g % 10 LIMIT 1) p ON true
    JOIN users u ON u.email = 'm' || c.document || '@bench'`,
    [TICKETS, COMMENTS],
  );
  // Comments: COMMENTS / TICKETS per ticket, alternating Member and staff; 1 in 20 flagged knowledge base.
  await pool.query(
    `
    INSERT INTO ticket_comments (ticket_id, company_id, text, type, created_by, created_at)
    SELECT t.id, t.company_id, 'Comentário ' || k || ' do ticket ' || t.title,
      CASE WHEN k % 20 = 0 THEN 'KnowledgeBase' ELSE 'Normal' END,
      CASE WHEN k % 2 = 0 THEN t.created_by ELSE o.id END, t.created_at + (k || ' minutes')::interval
    FROM tickets t
    JOIN users o ON o.partner_id = t.partner_id AND o.role = 'PartnerOwner'
    CROSS JOIN generate_series(1, $1::int) k`,
    [Math.round(COMMENTS / TICKETS)],
  );
  await pool.query('VACUUM ANALYZE tickets');
  await pool.query('VACUUM ANALYZE ticket_comments');
  // Every seeded ticket updated its counter row (0541's trigger): without this the 300 rows sit in ~1,000 pages.
  await pool.query('VACUUM ANALYZE ticket_counts');
  console.log(`seeded in ${Math.round((performance.now() - t0) / 1000)} s`);
}

function actorOf(row: { id: string; name: string; email: string; role: Actor['role']; partner_id: string | null }) {
  return {
    id: row.id,
    sessionId: 'bench',
    name: row.name,
    email: row.email,
    role: row.role,
    partnerId: row.partner_id,
    permissions: [],
  } satisfies Actor;
}

async function measure(name: string, ways: Record<string, () => Promise<unknown>>) {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));
  // Interleaved, so the load of the shared machine weighs on every way alike; the first 20 warm up.
  for (let i = 0; i < SAMPLES + 20; i++) {
    for (const [way, fn] of Object.entries(ways)) {
      const { ms } = await timeIt(fn);
      if (i >= 20) samples[way]!.push(ms);
    }
  }
  const line = Object.entries(samples).map(([way, v]) => `${way} ${stats(v).p50} / ${stats(v).p95}`);
  console.log(`${name}, p50 / p95 ms: ${line.join('; ')}`);
}

let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await seed();
  // A Member of 10 companies (not part of the seed, so older kept clusters get it too).
  await pool.query(`
    INSERT INTO users (partner_id, name, email, role)
    SELECT partner_id, 'Membro de dez', 'multi@bench', 'Member' FROM companies ORDER BY document LIMIT 1
    ON CONFLICT DO NOTHING;
    INSERT INTO user_companies (user_id, company_id)
    SELECT (SELECT id FROM users WHERE email = 'multi@bench'), id FROM companies
    WHERE partner_id = (SELECT partner_id FROM users WHERE email = 'multi@bench') ORDER BY document LIMIT 10
    ON CONFLICT DO NOTHING;`);
  const counts = (
    await pool.query(
      `SELECT (SELECT count(*) FROM tickets)::int AS t, (SELECT count(*) FROM ticket_comments)::int AS c`,
    )
  ).rows[0];
  console.log(`load before ${loadAverage().join(' ')}; ${counts.t} tickets, ${counts.c} comments; ${SAMPLES} samples`);
  const users = (await pool.query(`SELECT * FROM users WHERE email LIKE '%bench%' ORDER BY email`)).rows;
  const member = actorOf(users.find((u) => u.role === 'Member'));
  const owner = actorOf(users.find((u) => u.role === 'PartnerOwner'));
  const admin = actorOf(users.find((u) => u.role === 'Admin'));
  const multi = actorOf(users.find((u) => u.email === 'multi@bench'));
  server = await startServer(cluster.url, cluster.dir);
  const base = `${server.base}/v1/public`;
  const headersOf = async (a: Actor) => ({ authorization: `Bearer ${await createSessionToken(db, a.id)}` });
  const h = { member: await headersOf(member), owner: await headersOf(owner), admin: await headersOf(admin) };
  const hMulti = await headersOf(multi);
  const http = (path: string, headers: Record<string, string>) => async () => {
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.arrayBuffer();
  };
  const rawList = (filter: string, params: unknown[]) => async () => {
    await pool.query(`SELECT count(*) FROM tickets t WHERE ${filter}`, params);
    await pool.query(
      `SELECT t.*, c.nome_fantasia, u.name FROM tickets t JOIN companies c ON c.id = t.company_id
       JOIN users u ON u.id = t.created_by WHERE ${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT 20`,
      params,
    );
  };
  await measure('list, Member (1 company, 1,000 tickets)', {
    http: http('/tickets', h.member),
    service: () => listTickets(db, member, 1),
    sql: rawList('t.company_id IN (SELECT company_id FROM user_companies WHERE user_id = $1)', [member.id]),
  });
  await measure('list, Member of 10 companies (10,000 tickets)', {
    http: http('/tickets', hMulti),
    service: () => listTickets(db, multi, 1),
    sql: rawList('t.company_id IN (SELECT company_id FROM user_companies WHERE user_id = $1)', [multi.id]),
  });
  await measure('list, partner staff (50 companies, 50,000 tickets)', {
    http: http('/tickets/partners', h.owner),
    service: () => listTickets(db, owner, 1),
    sql: rawList('t.partner_id = $1', [owner.partnerId]),
  });
  await measure('list, Admin (all 100,000)', {
    http: http('/tickets/partners', h.admin),
    service: () => listTickets(db, admin, 1),
    sql: rawList('true', []),
  });
  await measure('list, partner staff, page 50', {
    http: http('/tickets/partners?page=50', h.owner),
    service: () => listTickets(db, owner, 50),
    sql: async () => {
      await pool.query('SELECT count(*) FROM tickets t WHERE t.partner_id = $1', [owner.partnerId]);
      await pool.query(
        'SELECT * FROM tickets t WHERE t.partner_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT 20 OFFSET 980',
        [owner.partnerId],
      );
    },
  });
  const ticket = (
    await pool.query(
      `SELECT t.id, max(tc.id) AS last FROM tickets t JOIN ticket_comments tc ON tc.ticket_id = t.id
       WHERE t.company_id IN (SELECT company_id FROM user_companies WHERE user_id = $1) GROUP BY t.id LIMIT 1`,
      [member.id],
    )
  ).rows[0];
  const poll = (after: number) => async () =>
    pool.query(
      `SELECT tc.*, u.name FROM ticket_comments tc JOIN users u ON u.id = tc.created_by
       WHERE tc.ticket_id = $1 AND tc.id > $2 ORDER BY tc.id`,
      [ticket.id, after],
    );
  const last = Number(ticket.last);
  await measure('comment polling, nothing new (Member)', {
    http: http(`/tickets/comments/${ticket.id}?lastTicketCommentId=${last}`, h.member),
    service: () => listComments(db, member, ticket.id, last),
    sql: poll(last),
  });
  await measure('comment polling, first load (all comments of the ticket)', {
    http: http(`/tickets/comments/${ticket.id}?lastTicketCommentId=0`, h.member),
    service: () => listComments(db, member, ticket.id, 0),
    sql: poll(0),
  });
  const first = await listComments(db, member, ticket.id, 0);
  console.log(`(a ticket has ${first.length} comments)`);
} finally {
  await server?.stop();
  console.log(`load after ${loadAverage().join(' ')}`);
  await cluster.stop();
}
