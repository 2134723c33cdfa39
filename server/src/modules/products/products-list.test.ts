import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createProduct } from '../../db/factories.js';
import { seedProductActors } from './products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  const c = s.companySP.id;
  const old = new Date('2024-03-10T12:00:00-03:00');
  const make = async (key: string, over: Parameters<typeof createProduct>[1]) => {
    ids[key] = (await createProduct(ctx.db, over)).id;
  };
  await make('pending', {
    companyId: c,
    internalCode: 'P 001',
    description: 'Água Mineral Sem Gás',
    gtin: '07894900011517',
  });
  await make('classified', { companyId: c, internalCode: 'F-001', description: 'CAFÉ TORRADO', status: 'F' });
  await make('linked', {
    companyId: c,
    internalCode: 'F-002',
    description: 'AÇÚCAR',
    status: 'F',
    fiscalServiceReferenceCode: 'G1',
    ncm: '17019900',
  });
  await make('audit', { companyId: c, internalCode: 'A-001', description: 'EM AUDITORIA', status: 'A' });
  await make('returned', { companyId: c, internalCode: 'D-001', description: 'DEVOLVIDO', status: 'D' });
  await make('old', { companyId: c, internalCode: 'OLD', description: 'ANTIGO', updatedAt: old, createdAt: old });
  await createProduct(ctx.db, { companyId: s.companyRJ.id, internalCode: 'RJ-1', description: 'OUTRA EMPRESA' });
  for (let i = 0; i < 30; i++) {
    await createProduct(ctx.db, { companyId: s.companyRJ.id, internalCode: `RJ-X${i}`, description: `ITEM ${i}` });
  }
});

const list = async (query: string, headers: Record<string, string> = s.headers.member) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/v1/public/products?${query}`, headers });
  return res;
};
const codes = async (query: string, headers: Record<string, string> = s.headers.member) =>
  ((await list(`companyId=${s.companySP.id}&${query}`, headers)).json().objects as { internalCode: string }[])
    .map((o) => o.internalCode)
    .sort();

describe('GET /products filters', () => {
  it('no status flag: every status; Members never see InAudit', async () => {
    expect(await codes('')).toEqual(['D-001', 'F-001', 'F-002', 'OLD', 'P 001']);
    expect(await codes('', s.headers.ownerA)).toEqual(['A-001', 'D-001', 'F-001', 'F-002', 'OLD', 'P 001']);
  });

  it('status flags combine; in-audit is forced off for Members', async () => {
    expect(await codes('pending=true')).toEqual(['OLD', 'P 001']);
    expect(await codes('classified=true&returned=true')).toEqual(['D-001', 'F-001', 'F-002']);
    expect(await codes('inAudit=true')).toEqual(['D-001', 'F-001', 'F-002', 'OLD', 'P 001']);
    expect(await codes('inAudit=true', s.headers.ownerA)).toEqual(['A-001']);
    expect(await codes('pending=false&classified=false&returned=false&inAudit=false', s.headers.ownerA)).toHaveLength(
      6,
    );
  });

  it('indicator flags: finished, finishedByFiscalServiceLink, audit; and binded', async () => {
    expect(await codes('finished=true')).toEqual(['F-001', 'F-002']);
    expect(await codes('finishedByFiscalServiceLink=true')).toEqual(['F-002']);
    expect(await codes('audit=true', s.headers.admin)).toEqual(['A-001']);
    expect(await codes('binded=true')).toEqual(['F-002']);
  });

  it('text by field: description accent/case-insensitive, code and GTIN without whitespace, GTIN padded', async () => {
    expect(await codes('text=agua%20mineral')).toEqual(['P 001']);
    expect(await codes('field=description&text=cafe')).toEqual(['F-001']);
    // Another company's matching product stays out (company_id is part of the search index).
    expect(await codes('field=description&text=outra%20empresa')).toEqual([]);
    expect(await codes('field=internalCode&text=RJ-')).toEqual([]);
    expect(await codes('field=internalCode&text=P001')).toEqual([]);
    expect(await codes('field=internalCode&text=%20F-%20001')).toEqual(['F-001']);
    expect(await codes('field=gtin&text=789%204900011517')).toEqual(['P 001']);
    expect(await codes('field=gtin&text=07894900011517')).toEqual(['P 001']);
  });

  it('last-update range and its two messages', async () => {
    expect(await codes('startDate=2024-03-01&endDate=2024-03-10')).toEqual(['OLD']);
    expect(await codes('startDate=2024-03-11&endDate=2024-03-31')).toEqual([]);
    const one = await list(`companyId=${s.companySP.id}&startDate=2024-03-01`);
    expect(one.statusCode).toBe(400);
    expect(one.json().detail).toBe(
      'Para realizar uma pesquisa pelo período de última atualização dos produtos, é necessário preencher o campo com as duas datas',
    );
    const reversed = await list(`companyId=${s.companySP.id}&startDate=2024-03-10&endDate=2024-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toBe('A data final não pode ser menor que a data inicial.');
  });

  it('pages of 25: pages ≥ 1, currentPage, count', async () => {
    const first = (await list(`companyId=${s.companyRJ.id}`, s.headers.ownerA)).json();
    expect(first).toMatchObject({ pages: 2, currentPage: 1, count: 31 });
    expect(first.objects).toHaveLength(25);
    const second = (await list(`companyId=${s.companyRJ.id}&page=2`, s.headers.ownerA)).json();
    expect(second.objects).toHaveLength(6);
    const empty = (await list(`companyId=${s.companySP.id}&text=nada-assim`)).json();
    expect(empty).toMatchObject({ pages: 1, currentPage: 1, count: 0, objects: [] });
    expect(first.objects[0]).toMatchObject({ companyId: s.companyRJ.id, status: 'Pending' });
  });
});

describe('authorization across companies and partners', () => {
  it('unlinked Member and other partner staff → 404; blocked company → 403 for Members; no session → 401', async () => {
    expect((await list(`companyId=${s.companySP.id}`, s.headers.unlinked)).statusCode).toBe(404);
    expect((await list(`companyId=${s.companySP.id}`, s.headers.ownerB)).statusCode).toBe(404);
    expect((await list(`companyId=${s.companyB.id}`, s.headers.member)).statusCode).toBe(404);
    expect((await list(`companyId=${s.companySP.id}`, s.headers.admin)).statusCode).toBe(200);
    expect((await list(`companyId=${s.blocked.id}`, s.headers.member)).statusCode).toBe(403);
    expect((await list(`companyId=${s.companySP.id}`, {})).statusCode).toBe(401);
  });

  it('Member without Create cannot register; without Delete cannot delete', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products',
      headers: s.headers.without.Create,
      payload: { companyId: s.companySP.id, products: [{ description: 'X', internalCode: 'X' }] },
    });
    expect(created.statusCode).toBe(403);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/products/${ids.pending}`,
      headers: s.headers.without.Delete,
    });
    expect(del.statusCode).toBe(403);
  });
});

describe('delete, unbind and audits', () => {
  const del = (id: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'DELETE', url: `/v1/public/products/${id}`, headers });

  it('Members delete Classified/Pending only; staff also Returned; foreign products read as 404', async () => {
    expect((await del(ids.returned!, s.headers.member)).statusCode).toBe(400);
    expect((await del(ids.audit!, s.headers.ownerA)).statusCode).toBe(400);
    expect((await del(ids.pending!, s.headers.ownerB)).statusCode).toBe(404);
    const ok = await del(ids.pending!, s.headers.member);
    expect(ok.json()).toEqual({ message: 'Produto excluído com sucesso!' });
    expect((await del(ids.returned!, s.headers.ownerA)).statusCode).toBe(200);
    const events = await ctx.database.pool.query('SELECT code FROM audit_events WHERE entity_id = $1', [ids.pending]);
    expect(events.rows).toEqual([{ code: 3003 }]);
  });

  it('staff unbind a Classified product with an integration code: Pending, NCM/CEST/code cleared', async () => {
    const url = `/v1/public/products/binding?productId=${ids.linked}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: s.headers.member })).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: s.headers.ownerA });
    expect(res.json()).toEqual({ message: 'Produto desvinculado com sucesso!' });
    const row = await ctx.database.pool.query(
      'SELECT status, ncm, cest, fiscal_service_reference_code AS code FROM products WHERE id = $1',
      [ids.linked],
    );
    expect(row.rows[0]).toEqual({ status: 'P', ncm: null, cest: null, code: null });
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: s.headers.ownerA });
    expect(again.statusCode).toBe(400);
    const audits = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/${ids.linked}/audits`,
      headers: s.headers.member,
    });
    expect(audits.json()).toEqual([
      { description: 'Produto desvinculado do produto global G1: Pendente', createdAt: expect.any(String) },
    ]);
    const occurrences = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/audits?company=${s.companySP.id}&product=${ids.linked}`,
      headers: s.headers.member,
    });
    expect(occurrences.json()).toEqual([
      {
        id: expect.any(String),
        productInternalCode: 'F-002',
        description: 'Produto desvinculado do produto global G1: Pendente',
        createdAt: expect.any(String),
      },
    ]);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/${ids.linked}/audits`,
      headers: s.headers.ownerB,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
