import { COMPANY_MESSAGES, type TCompany } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createPartner,
  createProduct,
  createUser,
  generateCnpj,
  linkMemberToCompany,
} from '../../db/factories.js';
import { auditEvents, companies, userCompanies } from '../../db/schema/index.js';

let ctx: TestContext;
let partnerId: string;
let admin: Record<string, string>;
let owner: Record<string, string>;
let ownerId: string;

const newCompanyBody = (over: Record<string, unknown> = {}) => ({
  document: generateCnpj(),
  uf: 'SP',
  razaoSocial: 'Padaria Pão de Açúcar Ltda',
  nomeFantasia: 'Pão de Açúcar',
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  partnerId = partner.id;
  const a = await createUser(ctx.db, { role: 'Admin' });
  const o = await createUser(ctx.db, { role: 'PartnerOwner', partnerId });
  ownerId = o.id;
  admin = bearer(await createSessionToken(ctx.db, a.id));
  owner = bearer(await createSessionToken(ctx.db, o.id));
});

const errorsOf = (res: { json: () => { errors?: { message: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.message);

describe('POST /companies', () => {
  it('creates with the spec defaults, upper-cased names, the actor partner and a masked CNPJ stored bare', async () => {
    const document = generateCnpj();
    const masked = `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: owner,
      payload: newCompanyBody({ document: masked, partnerId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<TCompany>();
    expect(body).toMatchObject({
      document,
      partnerId,
      razaoSocial: 'PADARIA PÃO DE AÇÚCAR LTDA',
      nomeFantasia: 'PÃO DE AÇÚCAR',
      uf: 'SP',
      cnae: null,
      useCNAE: false,
      crt: 'SimplesNacional',
      regimeTributario: 'SimplesNacional',
      codigoFaixaEnquadramento: 'SimplesNacional',
      regimeEspecial: 'N',
      contribuinteICMS: false,
      status: 'Pending',
      environment: 'Prod',
      emUso: false,
      fiscalService: 'Builtin',
    });
    const [stored] = await ctx.db.select().from(companies).where(eq(companies.id, body.id));
    expect(stored?.razaoSocial).toBe('PADARIA PÃO DE AÇÚCAR LTDA');
  });

  it('accepts an alphanumeric CNPJ and every explicit option', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: owner,
      payload: newCompanyBody({
        document: '12.abc.345/01de-35',
        cnae: '4712100',
        useCNAE: true,
        uf: 'mg',
        crt: 'RegimeNormal',
        regimeTributario: 'LucroReal',
        codigoFaixaEnquadramento: 'LucroPresumido',
        regimeEspecial: 'MG_PRODINT',
        contribuinteICMS: true,
        status: 'Active',
        environment: 'Homolog',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      document: '12ABC34501DE35',
      cnae: '4712100',
      useCNAE: true,
      uf: 'MG',
      crt: 'RegimeNormal',
      regimeTributario: 'LucroReal',
      codigoFaixaEnquadramento: 'LucroPresumido',
      regimeEspecial: 'MG_PRODINT',
      contribuinteICMS: true,
      status: 'Active',
      environment: 'Homolog',
    });
  });

  it.each([
    ['razaoSocial', { razaoSocial: '  ' }, COMPANY_MESSAGES.razaoSocialRequired],
    ['razaoSocial missing', { razaoSocial: undefined }, 'Informe a Razão Social da empresa!'],
    ['nomeFantasia', { nomeFantasia: '' }, 'Informe o Nome Fantasia da empresa!'],
    ['uf', { uf: '' }, 'Informe a UF da empresa!'],
    ['uf missing', { uf: undefined }, 'Informe a UF da empresa!'],
    ['CNPJ check digits', { document: '11.222.333/0001-82' }, 'CNPJ inválido!'],
    ['CNPJ all zeros', { document: '00000000000000' }, 'CNPJ inválido!'],
    [
      'CNAE flag without CNAE',
      { useCNAE: true, cnae: ' ' },
      'Foi informado que a empresa utiliza CNAE, porém nenhum CNAE foi informado. Por favor, verifique essa informação.',
    ],
  ])('refuses %s with its message', async (_label, over, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: owner,
      payload: newCompanyBody(over),
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toContain(message);
  });

  it('answers 409 for a CNPJ already registered, masked or not', async () => {
    const document = generateCnpj();
    await createCompany(ctx.db, { partnerId, document });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: owner,
      payload: newCompanyBody({ document: `${document.slice(0, 2)}.${document.slice(2)}` }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Já existe uma empresa com esse CNPJ.');
  });

  it('requires an existing partnerId from the Admin', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: admin,
      payload: newCompanyBody(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(COMPANY_MESSAGES.partnerRequired);
    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: admin,
      payload: newCompanyBody({ partnerId: '' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(missing.json().detail).toBe(COMPANY_MESSAGES.partnerRequired);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: admin,
      payload: newCompanyBody({ partnerId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.statusCode).toBe(404);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: admin,
      payload: newCompanyBody({ partnerId }),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().partnerId).toBe(partnerId);
  });

  it('records audit 2001 with the new row', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/companies',
      headers: owner,
      payload: newCompanyBody({ nomeFantasia: 'Auditada' }),
    });
    const id = res.json<TCompany>().id;
    const [event] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(event).toMatchObject({ code: 2001, module: 'Companies', actorId: ownerId, partnerId, companyId: id });
    expect(event?.before).toBeNull();
    expect(event?.after).toMatchObject({ nomeFantasia: 'AUDITADA', partnerId });
  });
});

describe('GET /companies and GET /companies/:id', () => {
  it('lists sorted by nome fantasia in pt-BR order with emUso from member links or products', async () => {
    const partner = await createPartner(ctx.db);
    const o = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
    const headers = bearer(await createSessionToken(ctx.db, o.id));
    const names = ['ZEBRA', 'ÁGUA VIVA', 'abelha'.toUpperCase(), 'ÉDEN', 'BOLA'];
    const created = [];
    for (const nomeFantasia of names)
      created.push(await createCompany(ctx.db, { partnerId: partner.id, nomeFantasia }));
    const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    await linkMemberToCompany(ctx.db, member.id, created[1]!.id);
    await createProduct(ctx.db, { companyId: created[4]!.id });

    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/companies', headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<TCompany[]>();
    expect(list.map((c) => c.nomeFantasia)).toEqual(['ABELHA', 'ÁGUA VIVA', 'BOLA', 'ÉDEN', 'ZEBRA']);
    expect(list.find((c) => c.nomeFantasia === 'ÁGUA VIVA')?.emUso).toBe(true);
    expect(list.find((c) => c.nomeFantasia === 'BOLA')?.emUso).toBe(true);
    expect(list.filter((c) => c.emUso)).toHaveLength(2);

    const one = await ctx.app.inject({ method: 'GET', url: `/v1/public/companies/${created[1]!.id}`, headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: created[1]!.id, uf: 'SP', emUso: true });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/public/companies/abc', headers: admin });
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/companies/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Empresa inválida!');
  });
});

describe('PUT /companies/', () => {
  it.each(['/v1/public/companies/', '/v1/public/companies'])('updates through %s with audit 2002', async (url) => {
    const company = await createCompany(ctx.db, { partnerId });
    const document = generateCnpj();
    const res = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: owner,
      payload: {
        id: company.id,
        document,
        uf: 'RJ',
        razaoSocial: 'nova razão',
        nomeFantasia: 'novo nome',
        status: 'Blocked',
        environment: 'Homolog',
        emUso: true, // read-only fields the web sends back are ignored
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: company.id,
      document,
      uf: 'RJ',
      razaoSocial: 'NOVA RAZÃO',
      nomeFantasia: 'NOVO NOME',
      status: 'Blocked',
      environment: 'Homolog',
      partnerId,
      emUso: false,
    });
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, company.id), eq(auditEvents.code, 2002)));
    expect(event?.before).toMatchObject({ razaoSocial: company.razaoSocial, status: 'Active' });
    expect(event?.after).toMatchObject({ razaoSocial: 'NOVA RAZÃO', status: 'Blocked' });
  });

  it('validates like create and refuses another company CNPJ', async () => {
    const a = await createCompany(ctx.db, { partnerId });
    const b = await createCompany(ctx.db, { partnerId });
    const base = { id: a.id, document: a.document, uf: 'SP', razaoSocial: 'X', nomeFantasia: 'Y' };
    const empty = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/public/companies/',
      headers: owner,
      payload: { ...base, nomeFantasia: '' },
    });
    expect(errorsOf(empty)).toContain('Informe o Nome Fantasia da empresa!');
    const same = await ctx.app.inject({ method: 'PUT', url: '/v1/public/companies/', headers: owner, payload: base });
    expect(same.statusCode).toBe(200);
    const dup = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/public/companies/',
      headers: owner,
      payload: { ...base, document: b.document },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Já existe uma empresa com esse CNPJ.');
  });
});

describe('DELETE /companies/:id', () => {
  it('deletes with its member links and records audit 2003', async () => {
    const company = await createCompany(ctx.db, { partnerId });
    const member = await createUser(ctx.db, { role: 'Member', partnerId });
    await linkMemberToCompany(ctx.db, member.id, company.id);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/v1/public/companies/${company.id}`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Empresa excluída com sucesso!' });
    expect(await ctx.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(0);
    expect(await ctx.db.select().from(userCompanies).where(eq(userCompanies.companyId, company.id))).toHaveLength(0);
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, company.id), eq(auditEvents.code, 2003)));
    expect(event?.before).toMatchObject({ id: company.id, document: company.document });
    const again = await ctx.app.inject({ method: 'DELETE', url: `/v1/public/companies/${company.id}`, headers: owner });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /companies/members/:id', () => {
  it('lists the companies linked to a member', async () => {
    const c1 = await createCompany(ctx.db, { partnerId, nomeFantasia: 'MEMBRO B' });
    const c2 = await createCompany(ctx.db, { partnerId, nomeFantasia: 'MEMBRO A' });
    await createCompany(ctx.db, { partnerId, nomeFantasia: 'MEMBRO C' });
    const member = await createUser(ctx.db, { role: 'Member', partnerId });
    await linkMemberToCompany(ctx.db, member.id, c1.id);
    await linkMemberToCompany(ctx.db, member.id, c2.id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/companies/members/${member.id}`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TCompany[]>().map((c) => c.id)).toEqual([c2.id, c1.id]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/companies/members/00000000-0000-4000-8000-000000000000',
      headers: owner,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /companies/:id/verify-fiscal-service-credentials', () => {
  it.each([
    ['Active', 'Prod', true],
    ['Active', 'Homolog', false],
    ['Pending', 'Prod', false],
    ['Blocked', 'Prod', false],
  ] as const)('built-in adapter: %s in %s → verified %s, audited 2004', async (status, environment, verified) => {
    const company = await createCompany(ctx.db, { partnerId, status, environment });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/companies/${company.id}/verify-fiscal-service-credentials`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified });
    const [event] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, company.id), eq(auditEvents.code, 2004)));
    expect(event?.after).toEqual({ fiscalService: 'Builtin', verified });
  });

  it('is false for a company whose integrator is not installed', async () => {
    const company = await createCompany(ctx.db, { partnerId, fiscalService: 'Desconhecido' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/companies/${company.id}/verify-fiscal-service-credentials`,
      headers: admin,
    });
    expect(res.json()).toEqual({ verified: false });
  });
});
