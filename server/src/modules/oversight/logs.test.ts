import { todayInBrazil } from '@app/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct } from '../../db/factories.js';
import { seedProductActors, uploadProductFile } from '../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const today = todayInBrazil();
const exportLogs = (query: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/users/partners/logs/export?${query}`, headers });

async function readXlsx(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const codesOf = async (companyId: string) =>
  (
    await ctx.database.pool.query('SELECT DISTINCT code FROM audit_events WHERE company_id = $1 ORDER BY code', [
      companyId,
    ])
  ).rows.map((r) => r.code as number);

describe('GET /users/partners/logs/descriptives', () => {
  it('lists every registered code of the three ranges, products, rules and binding included', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/partners/logs/descriptives',
      headers: s.headers.ownerA,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { code: number; description: string }[];
    const codes = list.map((d) => d.code);
    for (const c of [1001, 1007, 2001, 2003, 3001, 3002, 3003, 3004, 3005, 3007, 3008, 3071, 3080]) {
      expect(codes).toContain(c);
    }
    expect(codes.every((c) => c >= 1000 && c <= 3999)).toBe(true);
    expect(list.find((d) => d.code === 3001)!.description).toBe('Produto cadastrado');
    const member = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/partners/logs/descriptives',
      headers: s.headers.member,
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('every product write records its event', () => {
  it('creation, update, import, binding, unbinding, rule link and check, deletion, export', async () => {
    const global = await createGlobalProduct(ctx.db, { gtin: '07894900011517', ncm: '22021000', cest: '0300700' });
    const post = (products: object[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products',
        headers: s.headers.member,
        payload: { companyId: s.companySP.id, products },
      });
    const [hit, pending, other] = (
      await post([
        { description: 'Água', internalCode: 'W-1', gtin: '7894900011517' },
        { description: 'Pendente', internalCode: 'W-2' },
        { description: 'Outro', internalCode: 'W-3' },
      ])
    ).json().products;
    await post([{ description: 'Pendente alterado', internalCode: 'W-2' }]);
    await uploadProductFile(
      ctx.app,
      s.companySP.id,
      { name: 'l.csv', content: 'CodigoInterno;DescricaoProduto;GTIN/EAN\r\nW-9;NOVO;\r\n' },
      {
        headers: s.headers.member,
      },
    );
    const inject = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/v1/public${url}`, headers: s.headers.ownerA, payload });
    expect(
      (await inject('POST', '/products/binding', { productId: other.id, fiscalServiceProduct: global.code }))
        .statusCode,
    ).toBe(200);
    expect((await inject('DELETE', `/products/binding?productId=${hit.id}`)).statusCode).toBe(200);
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22021000',
      cest: '0300700',
      uf: 'SP',
      description: 'Regra logs',
    });
    expect(
      (
        await inject('PUT', '/fiscal-rules/products/link', {
          fiscalRuleId: rule.id,
          uf: 'SP',
          productsId: [pending.id],
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('PUT', `/fiscal-rules/products/${pending.id}/check`)).statusCode).toBe(200);
    expect((await inject('PUT', `/fiscal-rules/products/${pending.id}/unbind`)).statusCode).toBe(200);
    expect((await inject('DELETE', `/products/${pending.id}`)).statusCode).toBe(200);
    expect((await inject('GET', `/products/export?companyId=${s.companySP.id}&format=CSV`)).statusCode).toBe(200);
    expect(await codesOf(s.companySP.id)).toEqual(
      expect.arrayContaining([3001, 3002, 3003, 3004, 3005, 3006, 3007, 3075, 3079, 3080]),
    );
  });
});

describe('GET /users/partners/logs/export', () => {
  it('writes one readable row per event of the period, category and code, partner A only for its staff', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products',
      headers: s.headers.ownerB,
      payload: { companyId: s.companyB.id, products: [{ description: '=HYPERLINK("x")', internalCode: 'B-1' }] },
    });
    const res = await exportLogs(`from=${today}&to=${today}&module=Products&code=3001`, s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Log.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      'Data/Hora',
      'Código',
      'Descrição',
      'Usuário',
      'Parceiro',
      'Empresa',
      'Entidade',
      'Antes',
      'Depois',
    ]);
    const expected = await ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM audit_events WHERE code = 3001 AND partner_id = $1',
      [s.partnerA.id],
    );
    expect(rows.length - 1).toBe(expected.rows[0].n);
    expect(rows.length - 1).toBeGreaterThan(0);
    for (const r of rows.slice(1)) {
      expect(r[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(r[1]).toBe('3001');
      expect(r[2]).toBe('Produto cadastrado');
      expect(r[5]).not.toBe(s.companyB.nomeFantasia);
    }
    expect(rows.some((r) => r[3] === 'Maria Importadora' && r[5] === 'MERCADO SÃO JOÃO')).toBe(true);
    expect(rows.some((r) => r[8]?.includes('internalCode: W-1'))).toBe(true);

    const b = await readXlsx(
      (await exportLogs(`from=${today}&to=${today}&module=Products`, s.headers.ownerB)).rawPayload,
    );
    expect(b.slice(1).every((r) => r[5] === s.companyB.nomeFantasia)).toBe(true);
    expect(b.some((r) => r[8]?.includes('description: =HYPERLINK("x")'))).toBe(true);
    const admin = await readXlsx(
      (await exportLogs(`from=${today}&to=${today}&module=Products`, s.headers.admin)).rawPayload,
    );
    const all = await ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM audit_events WHERE code BETWEEN 3000 AND 3999',
    );
    expect(admin.length - 1).toBe(all.rows[0].n);
    const users = await readXlsx(
      (await exportLogs(`from=${today}&to=${today}&module=Users`, s.headers.admin)).rawPayload,
    );
    expect(users.slice(1).every((r) => Number(r[1]) >= 1000 && Number(r[1]) <= 1999)).toBe(true);
  });

  it('streams an export of several pages with every event once, ties on the time included', async () => {
    // 2,345 events of one code, in groups of 7 sharing one timestamp (microseconds), at 01:00 of today in Brazil
    await ctx.database.pool.query(
      `INSERT INTO audit_events (code, module, description, partner_id, company_id, entity_id, after, created_at)
       SELECT 1099, 'Users', 'Evento de carga', $1, $2, 'carga-' || n, jsonb_build_object('n', n),
         (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') + interval '1 hour') AT TIME ZONE 'America/Sao_Paulo'
           + (n / 7) * interval '3 microseconds'
       FROM generate_series(1, 2345) n`,
      [s.partnerA.id, s.companySP.id],
    );
    const res = await exportLogs(`from=${today}&to=${today}&module=Users&code=1099`, s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    const rows = (await readXlsx(res.rawPayload)).slice(1);
    expect(rows).toHaveLength(2345);
    const entities = rows.map((r) => r[6]);
    expect(new Set(entities).size).toBe(2345);
    expect(
      rows.every((r, i) => r[8] === `n: ${Number(r[6]!.slice(6))}` && (i === 0 || r[0]! >= rows[i - 1]![0]!)),
    ).toBe(true);
  });

  it('an earlier period holds none of today’s events', async () => {
    const rows = await readXlsx(
      (await exportLogs('from=2020-01-01&to=2020-01-31&module=Products', s.headers.admin)).rawPayload,
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses bad periods with the spec messages, and Members', async () => {
    const detail = async (q: string) => (await exportLogs(q, s.headers.ownerA)).json();
    expect(await detail('module=Products')).toMatchObject({
      status: 400,
      detail: 'É preciso escolher um período para gerar a planilha de logs',
    });
    expect((await detail(`from=${today}&module=Products`)).detail).toBe(
      'É preciso escolher um período para gerar a planilha de logs',
    );
    expect((await detail(`from=${today}&to=2999-01-01&module=Products`)).detail).toBe(
      'As datas não podem ser maiores que a data atual!',
    );
    expect((await detail(`from=${today}&to=2020-01-01&module=Products`)).detail).toBe(
      'A data final não pode ser menor que a data inicial.',
    );
    expect((await detail(`from=${today}&to=${today}&module=Users&code=3001`)).status).toBe(400);
    expect((await detail(`from=${today}&to=${today}&module=Tudo`)).status).toBe(400);
    expect((await detail(`from=31/12/2020&to=${today}&module=Users`)).status).toBe(400);
    expect((await exportLogs(`from=${today}&to=${today}&module=Users`, s.headers.member)).statusCode).toBe(403);
  });
});
