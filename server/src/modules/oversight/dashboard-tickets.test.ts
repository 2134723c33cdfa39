import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { seedTicketActors, type TicketActors, ticketBody, ticketCalls } from '../tickets/tickets.fixtures.js';

let ctx: TestContext;
let s: TicketActors;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedTicketActors(ctx.db);
});

const ticketsOf = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/public/users/partners/dashboard', headers })).json().tickets;

async function countedTickets(partnerId: string | null) {
  const res = await ctx.database.pool.query(
    `SELECT count(*) FILTER (WHERE t.status = 'Open')::int AS open, count(*) FILTER (WHERE t.status = 'Pending')::int AS pending,
       count(*) FILTER (WHERE t.status = 'Closed')::int AS closed
     FROM tickets t JOIN companies c ON c.id = t.company_id WHERE $1::uuid IS NULL OR c.partner_id = $1`,
    [partnerId],
  );
  return res.rows[0];
}

describe('dashboard ticket figures', () => {
  it('equal the tickets by status, per partner, as tickets open, get replies and close', async () => {
    const call = ticketCalls(ctx.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call.open(
        s.headers.member,
        ticketBody(s.companySP.id, s.products.sp.id, { title: `Ticket ${i}` }),
      );
      expect(res.statusCode).toBeLessThan(300);
      ids.push(res.json().id);
    }
    await call.open(s.headers.memberB, ticketBody(s.companyB.id, s.products.b.id));
    await call.comment(s.headers.ownerA, { ticketId: ids[0], comment: 'Primeira resposta da equipe.' });
    await call.comment(s.headers.member, { ticketId: ids[0], comment: 'Segunda mensagem do cliente.' });
    expect((await call.close(s.headers.ownerA, ids[1]!)).statusCode).toBe(200);

    const a = await ticketsOf(s.headers.ownerA);
    expect(a).toEqual(await countedTickets(s.partnerA.id));
    expect(a.open + a.pending + a.closed).toBe(3);
    expect(a.closed).toBe(1);
    expect(await ticketsOf(s.headers.ownerB)).toEqual({ open: 1, pending: 0, closed: 0 });
    expect(await ticketsOf(s.headers.admin)).toEqual(await countedTickets(null));
  });
});
