import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createProduct, createUser } from '../../../db/factories.js';
import { seedProductActors } from '../../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  const add = (companyId: string, internalCode: string, description: string, gtin: string | null, status = 'P') =>
    createProduct(ctx.db, { companyId, internalCode, description, gtin, status: status as 'P' });
  await add(s.companySP.id, 'SP-1', 'ÁGUA MINERAL SEM GÁS 500ML', '07894900011517');
  await add(s.companySP.id, 'SP-2', 'Refrigerante Guaraná 2L', null);
  await add(s.companySP.id, 'SP-3', 'Água tônica lata', '00036000291452', 'F');
  await add(s.companyRJ.id, 'RJ-1', 'AGUA DE COCO 1L', '07891000100103');
  await add(s.companyB.id, 'B-1', 'AGUA MINERAL DO PARCEIRO B', '07894900011517');
});

const search = (query: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/products/globalpending?${query}`, headers });
const codes = async (query: string, headers = s.headers.ownerA) => {
  const res = await search(query, headers);
  expect(res.statusCode).toBe(200);
  return (res.json().objects as { internalCode: string }[]).map((o) => o.internalCode).sort();
};
const del = (payload: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/v1/public/products/globalpending/delete', headers, payload });

describe('GET /products/globalpending', () => {
  it('lists only Pending products of the caller partner (Admin: all), by field and filter', async () => {
    expect(await codes('field=2&searchPattern=2&text=agua')).toEqual(['RJ-1', 'SP-1']); // not SP-3 (Classified), not B-1
    expect(await codes('field=2&searchPattern=2&text=agua', s.headers.ownerB)).toEqual(['B-1']);
    expect(await codes('field=2&searchPattern=2&text=agua', s.headers.admin)).toEqual(['B-1', 'RJ-1', 'SP-1']);
    expect(await codes(`companyId=${s.companySP.id}&field=Descrição&searchPattern=INICIA COM&text=agua`)).toEqual([
      'SP-1',
    ]);
    expect(await codes('field=1&searchPattern=1&text=7894900011517')).toEqual(['SP-1']);
    expect(await codes('field=1&searchPattern=2&text=789100')).toEqual(['RJ-1']);
    expect(await codes('field=3&searchPattern=3&text=-2')).toEqual(['SP-2']);
    expect(await codes('field=2&searchPattern=3&text=guarana 2l')).toEqual(['SP-2']);
    expect(await codes('field=2&searchPattern=1&text=agua de coco 1l')).toEqual(['RJ-1']);
    expect(await codes('field=2&searchPattern=4&text=refrigerente guarana')).toEqual(['SP-2']);
    // Suffixes, prefixes and case as the partner-wide indexes read them (reversed keys, lower-cased codes).
    expect(await codes('field=1&searchPattern=3&text=0103')).toEqual(['RJ-1']);
    expect(await codes('field=1&searchPattern=3&text=1517')).toEqual(['SP-1']); // not SP-3 (Classified), not B-1
    expect(await codes('field=3&searchPattern=2&text=sp-')).toEqual(['SP-1', 'SP-2']);
    expect(await codes('field=3&searchPattern=3&text=j-1')).toEqual(['RJ-1']);
    expect(await codes('field=2&searchPattern=3&text=SEM GAS 500ML')).toEqual(['SP-1']);
    expect(await codes('field=2&searchPattern=3&text=gás')).toEqual([]);
    expect(await codes('field=2&searchPattern=2&text=agua%')).toEqual([]); // % is a plain character
  });

  it('SIMILAR answers the count with an empty page past the matches', async () => {
    const res = await search('field=2&searchPattern=4&text=agua mineral&page=2', s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, currentPage: 2, objects: [] });
  });

  it('answers the item shape with company name, UF and pages', async () => {
    const res = await search(`field=3&searchPattern=1&text=SP-1`, s.headers.ownerA);
    expect(res.json()).toMatchObject({
      currentPage: 1,
      pages: 1,
      count: 1,
      objects: [
        { internalCode: 'SP-1', gtin: '07894900011517', descriptionCompany: 'MERCADO SÃO JOÃO', companyUf: 'SP' },
      ],
    });
  });

  it('an empty text lists every Pending product of the partner, newest first (issue 38)', async () => {
    const empty = await search('field=2&text=', s.headers.ownerA);
    expect(empty.statusCode).toBe(200);
    const all = await search('', s.headers.ownerA);
    expect(all.statusCode).toBe(200);
    const rows = all.json().objects as { dateCreated: string; companyUf: string }[];
    expect(all.json().count).toBeGreaterThan(1);
    expect(empty.json().count).toBe(all.json().count);
    const dates = rows.map((r) => r.dateCreated);
    expect(dates).toEqual([...dates].sort().reverse());
    const similar = await search('searchPattern=SIMILAR&text=', s.headers.ownerA);
    expect(similar.json().count).toBe(all.json().count);
  });

  it('refuses letters in a GTIN, a foreign company (404) and Members (403)', async () => {
    const letters = await search('field=1&text=78a', s.headers.ownerA);
    expect(letters.json().detail).toBe('Preencha o campo de pesquisa somente com números!');
    expect((await search(`companyId=${s.companyB.id}&text=agua`, s.headers.ownerA)).statusCode).toBe(404);
    expect((await search('text=agua', s.headers.member)).statusCode).toBe(403);
    expect((await search('text=agua', {})).statusCode).toBe(401);
  });
});

describe('POST /products/globalpending/delete', () => {
  it('needs CONCORDO (contained, any case), refuses foreign and non-Pending products, and deletes with audit', async () => {
    const mine = await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'DEL-1' });
    const classified = await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'DEL-2', status: 'F' });
    const foreign = await createProduct(ctx.db, { companyId: s.companyB.id, internalCode: 'DEL-B' });
    const wrong = await del({ productIds: [mine.id], confirmation: 'concordar' }, s.headers.ownerA);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Texto de exclusão digitado está incorreto');
    const none = await del({ productIds: [], confirmation: 'CONCORDO' }, s.headers.ownerA);
    expect(none.json().detail).toBe('É preciso marcar ao menos um produto para prosseguir');
    const cross = await del({ productIds: [mine.id, foreign.id], confirmation: 'CONCORDO' }, s.headers.ownerA);
    expect(cross.statusCode).toBe(404);
    const notPending = await del({ productIds: [classified.id], confirmation: 'CONCORDO' }, s.headers.ownerA);
    expect(notPending.statusCode).toBe(400);
    expect((await del({ productIds: [mine.id], confirmation: 'CONCORDO' }, s.headers.member)).statusCode).toBe(403);
    const left = await ctx.database.pool.query('SELECT count(*)::int AS n FROM products WHERE id = ANY($1)', [
      [mine.id, foreign.id, classified.id],
    ]);
    expect(left.rows[0].n).toBe(3); // nothing changed by the refusals

    const ok = await del({ productIds: [mine.id], confirmation: 'eu concordo!' }, s.headers.ownerA);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Produtos excluídos com sucesso!');
    const gone = await ctx.database.pool.query('SELECT 1 FROM products WHERE id = $1', [mine.id]);
    expect(gone.rowCount).toBe(0);
    const audit = await ctx.database.pool.query('SELECT code, company_id FROM audit_events WHERE entity_id = $1', [
      mine.id,
    ]);
    expect(audit.rows).toEqual([{ code: 3040, company_id: s.companySP.id }]);
  });
});

describe('authorization matrix of the pending queue', () => {
  it('contributors act on their partner only; staff of partner B cannot see or delete partner A products', async () => {
    const contributor = await createUser(ctx.db, { role: 'PartnerContributor', partnerId: s.partnerA.id });
    const asContributor = bearer(await createSessionToken(ctx.db, contributor.id));
    expect(await codes('field=2&searchPattern=2&text=agua', asContributor)).toEqual(['RJ-1', 'SP-1']);
    const target = await createProduct(ctx.db, { companyId: s.companyRJ.id, internalCode: 'MATRIX-A' });
    expect((await search(`companyId=${s.companyRJ.id}&text=x`, s.headers.ownerB)).statusCode).toBe(404);
    expect((await del({ productIds: [target.id], confirmation: 'CONCORDO' }, s.headers.ownerB)).statusCode).toBe(404);
    expect((await del({ productIds: [target.id], confirmation: 'CONCORDO' }, s.headers.unlinked)).statusCode).toBe(403);
    const still = await ctx.database.pool.query('SELECT status FROM products WHERE id = $1', [target.id]);
    expect(still.rows).toEqual([{ status: 'P' }]);
    expect((await del({ productIds: [target.id], confirmation: 'CONCORDO' }, asContributor)).statusCode).toBe(200);
  });
});
