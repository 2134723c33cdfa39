import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createSessionToken, createUser } from '../../db/factories.js';
import { auditEvents, userCompanies } from '../../db/schema/index.js';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let memberA: string;
let memberA2: string;
let memberB: string;
let ownerA: string;
let companyA: string;
let companyB: string;

function link(method: 'POST' | 'DELETE', who: string | null, userId: string, companyId: string) {
  const action = method === 'POST' ? 'add' : 'delete';
  return ctx.app.inject({
    method,
    url: `/v1/public/members/${userId}/companies/${companyId}/${action}`,
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });
}

const links = (userId: string) => ctx.db.select().from(userCompanies).where(eq(userCompanies.userId, userId));

beforeAll(async () => {
  ctx = await createTestApp();
  const a = (await createPartner(ctx.db)).id;
  const b = (await createPartner(ctx.db)).id;
  const seed = async (
    key: string,
    role: 'Admin' | 'PartnerOwner' | 'PartnerContributor' | 'Member',
    p: string | null,
  ) => {
    const u = await createUser(ctx.db, { role, partnerId: p });
    tokens[key] = await createSessionToken(ctx.db, u.id);
    return u.id;
  };
  await seed('admin', 'Admin', null);
  ownerA = await seed('ownerA', 'PartnerOwner', a);
  await seed('contribA', 'PartnerContributor', a);
  memberA = await seed('memberA', 'Member', a);
  memberA2 = await seed('memberA2', 'Member', a);
  memberB = await seed('memberB', 'Member', b);
  await seed('ownerB', 'PartnerOwner', b);
  companyA = (await createCompany(ctx.db, { partnerId: a, nomeFantasia: 'LOJA A' })).id;
  companyB = (await createCompany(ctx.db, { partnerId: b })).id;
});

describe('member company access', () => {
  it('adds, refuses a second add, removes, refuses a second remove; audits 1005/1006', async () => {
    const add = await link('POST', 'ownerA', memberA, companyA);
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ message: 'Acesso à empresa concedido com sucesso!' });
    expect(await links(memberA)).toHaveLength(1);

    const again = await link('POST', 'contribA', memberA, companyA);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'COMPANY_ALREADY_LINKED',
      detail: 'Usuário já tem acesso a essa empresa!',
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users',
      headers: { authorization: `Bearer ${tokens.ownerA}` },
    });
    const row = list.json().find((u: { id: string }) => u.id === memberA);
    expect(row.companies).toEqual([{ id: companyA, nomeFantasia: 'LOJA A' }]);

    const del = await link('DELETE', 'contribA', memberA, companyA);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Acesso à empresa removido com sucesso!' });
    expect(await links(memberA)).toHaveLength(0);
    const delAgain = await link('DELETE', 'ownerA', memberA, companyA);
    expect(delAgain.statusCode).toBe(404);
    expect(delAgain.json().detail).toBe('Usuário não tem acesso a essa empresa!');

    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, memberA), eq(auditEvents.companyId, companyA)));
    expect(audit.map((e) => e.code).sort()).toEqual([1005, 1006]);
  });

  it('Admin manages any partner', async () => {
    expect((await link('POST', 'admin', memberB, companyB)).statusCode).toBe(200);
    expect((await link('DELETE', 'admin', memberB, companyB)).statusCode).toBe(200);
  });

  it('staff cannot reach a member or a company of another partner (404)', async () => {
    const foreignMember = await link('POST', 'ownerA', memberB, companyA);
    expect(foreignMember.statusCode).toBe(404);
    expect(foreignMember.json().code).toBe('USER_NOT_FOUND');
    const foreignCompany = await link('POST', 'ownerA', memberA2, companyB);
    expect(foreignCompany.statusCode).toBe(404);
    expect(foreignCompany.json().code).toBe('COMPANY_NOT_FOUND');
    expect((await link('POST', 'ownerB', memberA2, companyA)).statusCode).toBe(404);
    expect(await links(memberA2)).toHaveLength(0);
    expect(await links(memberB)).toHaveLength(0);
  });

  it("not even Admin links a company of one partner to another partner's member", async () => {
    const res = await link('POST', 'admin', memberA2, companyB);
    expect(res.statusCode).toBe(404);
    expect(await links(memberA2)).toHaveLength(0);
  });

  it('only Member users have company access managed', async () => {
    const res = await link('POST', 'admin', ownerA, companyA);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('USER_NOT_MEMBER');
  });

  it('Members get 403, anonymous 401, malformed ids 400', async () => {
    expect((await link('POST', 'memberA', memberA, companyA)).statusCode).toBe(403);
    expect((await link('DELETE', 'memberA', memberA, companyA)).statusCode).toBe(403);
    expect((await link('POST', null, memberA, companyA)).statusCode).toBe(401);
    const bad = await link('POST', 'ownerA', 'abc', companyA);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Usuário inválido.');
  });
});
