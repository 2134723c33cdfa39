import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createUser, linkMemberToCompany } from '../../db/factories.js';
import { seedTicketActors, type TicketActors, ticketBody, ticketCalls } from './tickets.fixtures.js';

/** Issue 24: a Member's list follows the selected company; closing needs "Gravar" or being the author. */
let ctx: TestContext;
let s: TicketActors;
let call: ReturnType<typeof ticketCalls>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedTicketActors(ctx.db);
  call = ticketCalls(ctx.app);
});

const idsOf = (body: { objects: { id: string }[] }) => body.objects.map((t) => t.id);

describe("GET /tickets?companyId: the selected company's tickets", () => {
  it('lists only that company (count included); without it, every linked company; a foreign company lists nothing', async () => {
    const both = await createUser(ctx.db, { role: 'Member', partnerId: s.partnerA.id });
    await linkMemberToCompany(ctx.db, both.id, s.companySP.id);
    await linkMemberToCompany(ctx.db, both.id, s.companyRJ.id);
    const headers = bearer(await createSessionToken(ctx.db, both.id));
    const sp = (await call.open(headers, ticketBody(s.companySP.id, s.products.sp.id))).json().id;
    const rj = (await call.open(headers, ticketBody(s.companyRJ.id, s.products.rj.id))).json().id;
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/v1/public/tickets${query}`, headers }).then((r) => r.json());

    const onlySp = await list(`?companyId=${s.companySP.id}`);
    expect(idsOf(onlySp)).toEqual([sp]);
    expect(onlySp.count).toBe(1);
    const onlyRj = await list(`?companyId=${s.companyRJ.id}`);
    expect(idsOf(onlyRj)).toEqual([rj]);
    expect(onlyRj.count).toBe(1);
    const all = await list('');
    expect(idsOf(all)).toEqual([rj, sp]);
    expect(all.count).toBe(2);
    const foreign = await list(`?companyId=${s.companyB.id}`);
    expect(foreign).toMatchObject({ count: 0, objects: [] });
  });
});

describe('POST /tickets/close: write permission or the author', () => {
  it("a Member with only Visualizar cannot close a co-worker's ticket, but can close their own", async () => {
    const viewer = await createUser(ctx.db, { role: 'Member', partnerId: s.partnerA.id, permissions: ['Read'] });
    await linkMemberToCompany(ctx.db, viewer.id, s.companySP.id);
    const viewerHeaders = bearer(await createSessionToken(ctx.db, viewer.id));
    const coworkers = (await call.open(s.headers.member, ticketBody(s.companySP.id, s.products.sp.id))).json().id;
    const refused = await call.close(viewerHeaders, coworkers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/finalizar/);
    const status = await ctx.database.pool.query('SELECT status FROM tickets WHERE id = $1', [coworkers]);
    expect(status.rows[0].status).toBe('Open');

    const own = (await call.open(viewerHeaders, ticketBody(s.companySP.id, s.products.sp.id))).json().id;
    expect((await call.close(viewerHeaders, own)).statusCode).toBe(200);
    // "Gravar" closes a co-worker's ticket; staff close any of their partner's.
    expect(
      (
        await call.close(
          s.headers.member,
          (await call.open(viewerHeaders, ticketBody(s.companySP.id, s.products.sp.id))).json().id,
        )
      ).statusCode,
    ).toBe(200);
    expect((await call.close(s.headers.ownerA, coworkers)).statusCode).toBe(200);
  });
});
