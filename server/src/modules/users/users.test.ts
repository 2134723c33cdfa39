import type { Role } from '@app/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createPartner,
  createSessionToken,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';
import { auditEvents, userCompanies, users } from '../../db/schema/index.js';

let ctx: TestContext;
type Seeded = Awaited<ReturnType<typeof createUser>> & { token: string };
let partnerA: string;
let partnerB: string;
const as: Record<string, Seeded> = {};

async function seedUser(key: string, role: Role, partnerId: string | null, name: string) {
  const user = await createUser(ctx.db, { role, partnerId, name });
  as[key] = { ...user, token: await createSessionToken(ctx.db, user.id) };
}

function call(method: 'GET' | 'POST' | 'PUT', who: string | null, payload?: object) {
  return ctx.app.inject({
    method,
    url: '/v1/public/users',
    payload,
    headers: who ? { authorization: `Bearer ${as[who]!.token}` } : {},
  });
}

let seq = 0;
const newUserBody = (role: Role, extra: object = {}) => ({
  name: `Novo ${++seq}`,
  email: `novo-${seq}@example.com`,
  role,
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp();
  partnerA = (await createPartner(ctx.db)).id;
  partnerB = (await createPartner(ctx.db)).id;
  await seedUser('admin', 'Admin', null, 'Ana Admin');
  await seedUser('ownerA', 'PartnerOwner', partnerA, 'Olga Dona A');
  await seedUser('contribA', 'PartnerContributor', partnerA, 'Caio Colaborador A');
  await seedUser('memberA', 'Member', partnerA, 'Ézio Membro A');
  await seedUser('ownerB', 'PartnerOwner', partnerB, 'Bruno Dono B');
  await seedUser('contribB', 'PartnerContributor', partnerB, 'Bia Colaboradora B');
  await seedUser('memberB', 'Member', partnerB, 'Beto Membro B');
  const company = await createCompany(ctx.db, { partnerId: partnerA, nomeFantasia: 'LOJA A' });
  await linkMemberToCompany(ctx.db, as.memberA!.id, company.id);
});

describe('GET /users', () => {
  it('Admin sees every user, sorted by name ignoring accents and case', async () => {
    const res = await call('GET', 'admin');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(as).map((u) => u.name)));
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
    expect(names).toEqual(sorted);
  });

  it.each(['ownerA', 'contribA'])('%s sees only partner A users, with companies and fields', async (who) => {
    const res = await call('GET', who);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { partnerId: string; email: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((u) => u.partnerId === partnerA)).toBe(true);
    const member = list.find((u) => u.email === as.memberA!.email);
    expect(member).toEqual({
      id: as.memberA!.id,
      name: 'Ézio Membro A',
      email: as.memberA!.email,
      status: 'Active',
      role: 'Member',
      permissions: ['Create', 'Read', 'Delete', 'Import', 'Export'],
      companies: [{ id: expect.any(String), nomeFantasia: 'LOJA A' }],
      lastAccess: null,
      partnerId: partnerA,
    });
  });

  it('Members get 403 and anonymous callers 401', async () => {
    expect((await call('GET', 'memberA')).statusCode).toBe(403);
    expect((await call('GET', null)).statusCode).toBe(401);
  });
});

describe('POST /users', () => {
  // Spec 01 §6, written out rather than derived from canAssignRole so the test can catch it.
  const allowed: Record<Role, Role[]> = {
    Admin: ['Admin', 'PartnerOwner', 'PartnerContributor', 'Member'],
    PartnerOwner: ['PartnerContributor', 'Member'],
    PartnerContributor: ['Member'],
    Member: [],
  };
  const creators: Record<Role, string> = {
    Admin: 'admin',
    PartnerOwner: 'ownerA',
    PartnerContributor: 'contribA',
    Member: 'memberA',
  };
  const pairs = (Object.keys(allowed) as Role[]).flatMap((c) =>
    (Object.keys(allowed) as Role[]).map((t) => [c, t] as const),
  );

  it.each(pairs)('%s creating %s follows the role-assignment rule', async (creator, target) => {
    const res = await call('POST', creators[creator], newUserBody(target, { partnerId: partnerA }));
    if (allowed[creator].includes(target)) {
      expect(res.statusCode).toBe(201);
      expect(res.json().role).toBe(target);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(creator === 'Member' ? 'FORBIDDEN' : 'ROLE_NOT_ALLOWED');
    }
  });

  it('creates a passwordless user, lower-cases the e-mail, mails a set-password link, audits 1001', async () => {
    const before = ctx.outbox.length;
    const res = await call('POST', 'ownerA', {
      name: '  Maria Silva ',
      email: ' Maria.Silva@Example.COM ',
      role: 'Member',
      permissions: ['Read', 'Export'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Maria Silva',
      email: 'maria.silva@example.com',
      status: 'Active',
      role: 'Member',
      permissions: ['Read', 'Export'],
      companies: [],
      lastAccess: null,
      partnerId: partnerA,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row!.passwordHash).toBeNull();
    const mail = ctx.outbox.slice(before).find((m) => m.to === 'maria.silva@example.com');
    expect(mail?.text).toMatch(/http:\/\/localhost:\d+\/login\/[0-9a-f-]{36}/);
    const [audit] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, created.id));
    expect(audit!.code).toBe(1001);
    expect(JSON.stringify(audit!.after)).not.toContain('passwordHash');
  });

  it('staff always create in their own partner, whatever partnerId says', async () => {
    const res = await call('POST', 'contribA', newUserBody('Member', { partnerId: partnerB }));
    expect(res.statusCode).toBe(201);
    expect(res.json().partnerId).toBe(partnerA);
  });

  it('Admin must name an existing partner for non-Admin roles; Admins have none', async () => {
    const missing = await call('POST', 'admin', newUserBody('Member'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Informe o parceiro do usuário.');
    const unknown = await call('POST', 'admin', newUserBody('Member', { partnerId: crypto.randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    const admin = await call('POST', 'admin', newUserBody('Admin', { partnerId: partnerA }));
    expect(admin.json().partnerId).toBeNull();
  });

  it('validates in Portuguese: name, e-mail, duplicate e-mail', async () => {
    const noName = await call('POST', 'ownerA', newUserBody('Member', { name: '   ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual([{ field: 'name', message: 'Preencha o campo do nome!' }]);
    const noEmail = await call('POST', 'ownerA', newUserBody('Member', { email: '' }));
    expect(noEmail.json().errors).toEqual([{ field: 'email', message: 'Preencha o campo do e-mail!' }]);
    const missing = await call('POST', 'ownerA', { role: 'Member' });
    expect(missing.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Preencha o campo do nome!',
      'Preencha o campo do e-mail!',
    ]);
    const badRole = await call('POST', 'ownerA', newUserBody('Chefe' as Role));
    expect(badRole.json().detail).toBe('Função inválida.');
    const dup = await call('POST', 'ownerB', newUserBody('Member', { email: as.memberA!.email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'EMAIL_TAKEN', detail: 'E-mail já cadastrado!' });
  });
});

describe('PUT /users', () => {
  async function freshMember(partnerId: string) {
    const u = await createUser(ctx.db, { role: 'Member', partnerId });
    return { id: u.id, name: u.name, email: u.email, role: 'Member' as Role };
  }

  it('updates a user of the own partner and audits 1002 with before/after, never the hash', async () => {
    const target = await freshMember(partnerA);
    const res = await call('PUT', 'contribA', {
      ...target,
      name: 'Nome Novo',
      status: 'Inactive',
      permissions: ['Read'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, name: 'Nome Novo', status: 'Inactive', permissions: ['Read'] });
    const [audit] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, target.id));
    expect(audit).toMatchObject({ code: 1002, before: { name: target.name }, after: { name: 'Nome Novo' } });
    expect(JSON.stringify(audit)).not.toMatch(/scrypt|passwordHash/);
  });

  it('omitted status and permissions keep their values', async () => {
    const target = await freshMember(partnerA);
    await call('PUT', 'ownerA', { ...target, status: 'Inactive', permissions: ['Import'] });
    const res = await call('PUT', 'ownerA', { ...target, name: 'Só o nome' });
    expect(res.json()).toMatchObject({ status: 'Inactive', permissions: ['Import'] });
  });

  it.each([
    ['ownerA', 'memberB'],
    ['contribA', 'ownerB'],
    ['ownerB', 'memberA'],
    ['contribB', 'contribA'],
  ])('%s cannot touch %s of another partner (404)', async (who, target) => {
    const t = as[target]!;
    const res = await call('PUT', who, { id: t.id, name: 'Invadido', email: t.email, role: t.role });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, t.id));
    expect(row!.name).toBe(t.name);
  });

  it('staff cannot alter a user whose role they may not assign, nor raise one to it', async () => {
    const owner = as.ownerA!;
    const up = await call('PUT', 'contribA', { id: owner.id, name: 'x', email: owner.email, role: 'Member' });
    expect(up.statusCode).toBe(403);
    expect(up.json().code).toBe('ROLE_NOT_ALLOWED');
    const target = await freshMember(partnerA);
    const promote = await call('PUT', 'contribA', { ...target, role: 'PartnerOwner' });
    expect(promote.json().code).toBe('ROLE_NOT_ALLOWED');
    const ownerPromote = await call('PUT', 'ownerA', { ...target, role: 'PartnerContributor' });
    expect(ownerPromote.statusCode).toBe(200);
  });

  it('nobody changes their own role or deactivates themselves; names may change', async () => {
    const me = as.ownerA!;
    const role = await call('PUT', 'ownerA', { id: me.id, name: me.name, email: me.email, role: 'Member' });
    expect(role.statusCode).toBe(403);
    const off = await call('PUT', 'admin', {
      id: as.admin!.id,
      name: as.admin!.name,
      email: as.admin!.email,
      role: 'Admin',
      status: 'Inactive',
    });
    expect(off.statusCode).toBe(403);
    const name = await call('PUT', 'ownerA', { id: me.id, name: 'Olga Dona A', email: me.email, role: me.role });
    expect(name.statusCode).toBe(200);
  });

  it('rejects a taken e-mail, validates, and refuses Members and anonymous callers', async () => {
    const target = await freshMember(partnerA);
    const dup = await call('PUT', 'ownerA', { ...target, email: as.contribA!.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('E-mail já cadastrado!');
    const noName = await call('PUT', 'ownerA', { ...target, name: '' });
    expect(noName.json().detail).toBe('Preencha o campo do nome!');
    expect((await call('PUT', 'memberA', { ...target })).statusCode).toBe(403);
    expect((await call('PUT', null, { ...target })).statusCode).toBe(401);
  });

  it('Admin moving a Member to another partner drops its company links', async () => {
    const target = await freshMember(partnerA);
    const company = await createCompany(ctx.db, { partnerId: partnerA });
    await linkMemberToCompany(ctx.db, target.id, company.id);
    const res = await call('PUT', 'admin', { ...target, partnerId: partnerB });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ partnerId: partnerB, companies: [] });
    expect(await ctx.db.select().from(userCompanies).where(eq(userCompanies.userId, target.id))).toHaveLength(0);
  });
});
