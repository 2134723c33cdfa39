import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser, linkMemberToCompany } from '../../db/factories.js';
import { seedTicketActors, type TicketActors, ticketBody, ticketCalls } from './tickets.fixtures.js';

let ctx: TestContext;
let s: TicketActors;
let call: ReturnType<typeof ticketCalls>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedTicketActors(ctx.db);
  call = ticketCalls(ctx.app);
});

const countTickets = async () =>
  (await ctx.database.pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n as number;

describe('POST /tickets/products', () => {
  it('opens an Open ticket about the product, with the fields of spec 02 §3, and audits it', async () => {
    const res = await call.open(s.headers.member, ticketBody(s.companySP.id, s.products.sp.id, { code: 'outro' }));
    expect(res.statusCode).toBe(200);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      title: 'NCM do refrigerante',
      description: 'O NCM sugerido parece ser de outra bebida, podem conferir?',
      status: 'Open',
      comments: 0,
      createdByName: 'Maria Compras',
      itsMine: true,
      companyNomeFantasia: 'MERCADO SÃO JOÃO',
      productId: s.products.sp.id,
      // the product's own code, whatever the client sent
      specification: { description: 'REFRIGERANTE COLA 2L', code: s.products.sp.internalCode, gtin: s.gtin },
    });
    expect(Date.parse(ticket.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await ctx.database.pool.query('SELECT code, module, entity_id FROM audit_events WHERE code = 3900');
    expect(audit.rows).toEqual([{ code: 3900, module: 'Tickets', entity_id: ticket.id }]);
  });

  it('answers 400 with each spec message for title and description, and saves nothing', async () => {
    const before = await countTickets();
    const cases: [object, string][] = [
      [{ title: '' }, 'Preencha o campo de título corretamente!'],
      [{ title: '   ' }, 'Preencha o campo de título corretamente!'],
      [{ title: 'abcd' }, 'Preencha o campo de titulo com no mínimo 5 caracteres!'],
      [{ title: 't'.repeat(201) }, 'Preencha o campo de titulo com no máximo 200 caracteres!'],
      [{ description: '' }, 'Preencha o campo de descrição corretamente!'],
      [{ description: '123456789' }, 'Preencha o campo de descrição com no mínimo 10 caracteres!'],
      [{ description: 'd'.repeat(501) }, 'Preencha o campo de descrição com no máximo 500 caracteres!'],
      [{ productId: 'nope' }, 'Identificador inválido.'],
    ];
    for (const [over, message] of cases) {
      const res = await call.open(s.headers.member, ticketBody(s.companySP.id, s.products.sp.id, over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([message]);
    }
    const missing = await call.open(s.headers.member, { companyId: s.companySP.id, productId: s.products.sp.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Preencha o campo de título corretamente!',
      'Preencha o campo de descrição corretamente!',
    ]);
    expect(await countTickets()).toBe(before);
  });

  it('accepts the limits exactly (5/200 and 10/500, trimmed)', async () => {
    const short = await call.open(
      s.headers.member,
      ticketBody(s.companySP.id, s.products.sp.id, { title: '  12345 ', description: '1234567890' }),
    );
    expect(short.statusCode).toBe(200);
    expect(short.json().title).toBe('12345');
    const long = await call.open(
      s.headers.member,
      ticketBody(s.companySP.id, s.products.sp.id, { title: 't'.repeat(200), description: 'd'.repeat(500) }),
    );
    expect(long.statusCode).toBe(200);
  });

  it('refuses a product of another company, a foreign company, a blocked company and an unknown reference', async () => {
    const before = await countTickets();
    const otherProduct = await call.open(s.headers.member, ticketBody(s.companySP.id, s.products.rj.id));
    expect(otherProduct.statusCode).toBe(404);
    expect(otherProduct.json().detail).toBe('Produto não encontrado!');
    const foreign = await call.open(s.headers.member, ticketBody(s.companyRJ.id, s.products.rj.id));
    expect(foreign.statusCode).toBe(404);
    const staffB = await call.open(s.headers.ownerB, ticketBody(s.companySP.id, s.products.sp.id));
    expect(staffB.statusCode).toBe(404);
    const blocked = await call.open(s.headers.member, ticketBody(s.blocked.id, s.products.blocked.id));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('COMPANY_BLOCKED');
    const ref = await call.open(
      s.headers.member,
      ticketBody(s.companySP.id, s.products.sp.id, { ticketIdReference: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(ref.statusCode).toBe(404);
    expect(await countTickets()).toBe(before);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/v1/public/tickets/products', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /tickets and GET /tickets/partners', () => {
  let rjTicket: string;
  let bTicket: string;
  beforeAll(async () => {
    rjTicket = (
      await call.open(s.headers.memberRJ, ticketBody(s.companyRJ.id, s.products.rj.id, { title: 'Ticket RJ' }))
    ).json().id;
    bTicket = (
      await call.open(s.headers.memberB, ticketBody(s.companyB.id, s.products.b.id, { title: 'Ticket B' }))
    ).json().id;
  });

  it('a Member lists only the linked companies, newest first, with a count', async () => {
    const res = await call.list(s.headers.memberRJ);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, pages: 1, currentPage: 1 });
    expect(res.json().objects.map((t: { id: string }) => t.id)).toEqual([rjTicket]);
    const mine = (await call.list(s.headers.member)).json();
    expect(mine.objects.every((t: { companyId: string }) => t.companyId === s.companySP.id)).toBe(true);
    const dates = mine.objects.map((t: { createdAt: string }) => t.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('staff list their partner only; Admin lists all; partner B never sees partner A', async () => {
    const a = (await call.list(s.headers.ownerA, '/tickets/partners')).json();
    expect(a.objects.map((t: { title: string }) => t.title)).toContain('Ticket RJ');
    expect(a.objects.map((t: { id: string }) => t.id)).not.toContain(bTicket);
    expect(a.objects[0]).toMatchObject({ itsMine: false, title: 'Ticket RJ', companyNomeFantasia: 'EMPÓRIO CARIOCA' });
    const b = (await call.list(s.headers.ownerB, '/tickets/partners')).json();
    expect(b.objects.map((t: { id: string }) => t.id)).toEqual([bTicket]);
    const all = (await call.list(s.headers.admin, '/tickets/partners')).json();
    expect(all.count).toBe(a.count + b.count);
    const forbidden = await call.list(s.headers.member, '/tickets/partners');
    expect(forbidden.statusCode).toBe(403);
  });

  it("a Member of two companies gets both companies' tickets merged newest first, page by page", async () => {
    // The Member's page reads each company's newest tickets from its own index range and merges them.
    const both = await createUser(ctx.db, { role: 'Member', partnerId: s.partnerA.id });
    await linkMemberToCompany(ctx.db, both.id, s.companySP.id);
    await linkMemberToCompany(ctx.db, both.id, s.companyRJ.id);
    const headers = bearer(await createSessionToken(ctx.db, both.id));
    for (let i = 0; i < 12; i++) {
      await call.open(headers, ticketBody(s.companySP.id, s.products.sp.id, { title: `Ticket SP ${i}` }));
      await call.open(headers, ticketBody(s.companyRJ.id, s.products.rj.id, { title: `Ticket RJ ${i}` }));
    }
    const expected = (
      await ctx.database.pool.query(
        'SELECT id FROM tickets WHERE company_id = ANY($1) ORDER BY created_at DESC, id DESC',
        [[s.companySP.id, s.companyRJ.id]],
      )
    ).rows.map((r) => r.id);
    expect(expected.length).toBeGreaterThan(24);
    const ids = (page: number) =>
      call.list(headers, '/tickets', page).then((r) => r.json().objects.map((t: { id: string }) => t.id));
    const first = (await call.list(headers)).json();
    expect(first.count).toBe(expected.length);
    expect(first.objects.map((t: { id: string }) => t.id)).toEqual(expected.slice(0, 20));
    expect(await ids(2)).toEqual(expected.slice(20, 40));
  });

  it('pages by 20 and refuses a bad page', async () => {
    for (let i = 0; i < 21; i++) await call.open(s.headers.memberB, ticketBody(s.companyB.id, s.products.b.id));
    const first = (await call.list(s.headers.memberB)).json();
    expect(first).toMatchObject({ count: 22, pages: 2, currentPage: 1 });
    expect(first.objects).toHaveLength(20);
    const second = (await call.list(s.headers.memberB, '/tickets', 2)).json();
    expect(second.objects).toHaveLength(2);
    // the oldest ticket comes last
    expect(second.objects[1].id).toBe(bTicket);
    const bad = await call.list(s.headers.memberB, '/tickets?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('GET /tickets/{id}: foreign tickets read 404 (Member of another company, staff of another partner)', async () => {
    expect((await call.get(s.headers.memberRJ, rjTicket)).statusCode).toBe(200);
    expect((await call.get(s.headers.ownerA, rjTicket)).statusCode).toBe(200);
    expect((await call.get(s.headers.member, rjTicket)).statusCode).toBe(404);
    expect((await call.get(s.headers.ownerB, rjTicket)).statusCode).toBe(404);
    expect((await call.get(s.headers.memberB, rjTicket)).json().detail).toBe('Ticket não encontrado.');
  });
});

describe('ticket counters (0541_ticket_counts.sql)', () => {
  const mismatches = async () =>
    (
      await ctx.database.pool.query(`
        SELECT coalesce(t.company_id, c.company_id) AS company, coalesce(t.status, c.status) AS status, t.n, c.n AS kept
        FROM (SELECT company_id, status, count(*)::int AS n FROM tickets GROUP BY 1, 2) t
        FULL JOIN ticket_counts c ON c.company_id = t.company_id AND c.status = t.status
        WHERE t.n IS DISTINCT FROM c.n`)
    ).rows;

  it('match count(*) per company and status through opening, comments, closing and deleting a company', async () => {
    const id = (await call.open(s.headers.memberRJ, ticketBody(s.companyRJ.id, s.products.rj.id))).json().id;
    await call.comment(s.headers.memberRJ, { ticketId: id, text: 'primeiro' });
    await call.comment(s.headers.ownerA, { ticketId: id, text: 'segundo' });
    await call.close(s.headers.ownerA, id);
    expect(await mismatches()).toEqual([]);
    const staff = (await call.list(s.headers.ownerA, '/tickets/partners')).json();
    const counted = await ctx.database.pool.query('SELECT count(*)::int AS n FROM tickets WHERE partner_id = $1', [
      s.partnerA.id,
    ]);
    expect(staff.count).toBe(counted.rows[0].n);

    await ctx.database.pool.query('DELETE FROM companies WHERE id = $1', [s.companyB.id]);
    expect(await mismatches()).toEqual([]);
    expect((await call.list(s.headers.ownerB, '/tickets/partners')).json()).toMatchObject({ count: 0, objects: [] });
  });
});
