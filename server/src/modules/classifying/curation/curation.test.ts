import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct, generateGtin14 } from '../../../db/factories.js';
import { seedProductActors } from '../../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let ruleSP: Awaited<ReturnType<typeof createFiscalRule>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  ruleSP = await createFiscalRule(ctx.db, { ncm: '22021000', cest: '0300700', uf: 'SP' });
});

const post = (payload: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/v1/public/products/global', headers, payload });
const put = (id: string, payload: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url: `/v1/public/products/global/${id}`, headers, payload });
const body = (over: object = {}) => ({
  code: `AG-${Math.random().toString(36).slice(2, 8)}`,
  description: 'ÁGUA MINERAL 1,5L',
  gtin: null,
  ncm: '2202.10.00',
  cest: '03.007.00',
  ...over,
});
const query = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values).then((r) => r.rows);

describe('POST/PUT /products/global', () => {
  it('answers each validation message and changes nothing', async () => {
    const cases: [object, number, string][] = [
      [{ code: '' }, 400, 'O campo Código é obrigatório!'],
      [{ description: ' ' }, 400, 'O campo Descrição é obrigatório!'],
      [{ ncm: '' }, 400, 'O campo NCM é obrigatório!'],
      [{ ncm: '2202' }, 400, 'O NCM deve ter 8 dígitos.'],
      [{ ncm: '99999999' }, 400, 'NCM inexistente ou fora de vigência.'],
      [{ cest: '123' }, 400, 'O CEST deve ter 7 dígitos.'],
      [{ cest: '0100100' }, 400, 'O CEST informado não corresponde ao NCM.'],
      [{ gtin: '7894900011518' }, 400, 'GTIN inválido: dígito verificador incorreto.'],
    ];
    for (const [over, status, detail] of cases) {
      const res = await post(body(over), s.headers.ownerA);
      expect([res.statusCode, res.json().detail]).toEqual([status, detail]);
    }
    const taken = await createGlobalProduct(ctx.db, { code: 'TAKEN', gtin: '07894900011517' });
    expect((await post(body({ code: 'TAKEN' }), s.headers.ownerA)).json().detail).toBe(
      'Já existe um produto global com este código.',
    );
    const gtin = await post(body({ gtin: '7894900011517' }), s.headers.ownerA);
    expect([gtin.statusCode, gtin.json().detail]).toEqual([409, `O GTIN já pertence ao produto global ${taken.code}.`]);
    expect((await post(body(), s.headers.member)).statusCode).toBe(403);
    const n = await query("SELECT count(*)::int AS n FROM global_products WHERE description = 'ÁGUA MINERAL 1,5L'");
    expect(n[0].n).toBe(0);
  });

  it('classifies every Pending product with the GTIN in companies of two partners (job), with audit and history', async () => {
    const gtin = generateGtin14();
    const sp = await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'FAN-SP', gtin });
    const rj = await createProduct(ctx.db, { companyId: s.companyRJ.id, internalCode: 'FAN-RJ', gtin });
    const b = await createProduct(ctx.db, { companyId: s.companyB.id, internalCode: 'FAN-B', gtin });
    const done = await createProduct(ctx.db, { companyId: s.companyB.id, internalCode: 'FAN-F', gtin, status: 'F' });

    const res = await post(body({ code: 'FAN-G', gtin: gtin.slice(1) }), s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gtin, ncm: '22021000', cest: '0300700' });
    expect(res.json().fanout).toMatchObject({ companies: 3, products: 3, classified: 0, finished: false });
    expect(res.json().message).toContain('enviada para processamento');
    // queued, not done in the request
    expect((await query('SELECT status FROM products WHERE id = $1', [sp.id]))[0].status).toBe('P');

    expect(await ctx.app.jobs.drain('classify-pending-by-gtin')).toBe(1); // the three companies fit in one job
    const rows = await query(
      `SELECT internal_code, status, fiscal_service_reference_code AS ref, ncm, cest, fiscal_rule_id, fiscal_rule_status
       FROM products WHERE id = ANY($1) ORDER BY internal_code`,
      [[sp.id, rj.id, b.id, done.id]],
    );
    expect(rows).toEqual([
      {
        internal_code: 'FAN-B',
        status: 'F',
        ref: 'FAN-G',
        ncm: '22021000',
        cest: '0300700',
        fiscal_rule_id: ruleSP.id,
        fiscal_rule_status: 'Unchecked',
      },
      {
        internal_code: 'FAN-F',
        status: 'F',
        ref: null,
        ncm: null,
        cest: null,
        fiscal_rule_id: null,
        fiscal_rule_status: null,
      },
      {
        internal_code: 'FAN-RJ',
        status: 'F',
        ref: 'FAN-G',
        ncm: '22021000',
        cest: '0300700',
        fiscal_rule_id: null,
        fiscal_rule_status: null,
      },
      {
        internal_code: 'FAN-SP',
        status: 'F',
        ref: 'FAN-G',
        ncm: '22021000',
        cest: '0300700',
        fiscal_rule_id: ruleSP.id,
        fiscal_rule_status: 'Unchecked',
      },
    ]);
    const items = await query('SELECT product_id, description FROM product_audits WHERE product_id = ANY($1)', [
      [sp.id, rj.id, b.id],
    ]);
    expect(items).toHaveLength(3);
    expect(items[0].description).toContain('FAN-G');
    const history = await query(
      "SELECT company_id, sent, classified FROM classification_batches WHERE source = 'Global' ORDER BY company_id",
    );
    expect(history.map((h) => h.company_id).sort()).toEqual([s.companySP.id, s.companyRJ.id, s.companyB.id].sort());
    expect(history.every((h) => h.sent === 1 && h.classified === 1)).toBe(true);
    const events = await query('SELECT code, company_id FROM audit_events WHERE code IN (3041, 3044) ORDER BY code');
    expect(events.filter((e) => e.code === 3044)).toHaveLength(3);
    expect(events.filter((e) => e.code === 3041)).toHaveLength(1);

    const status = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/global/fanouts/${res.json().fanout.id}`,
      headers: s.headers.ownerA,
    });
    expect(status.json()).toMatchObject({ companies: 3, classified: 3, finished: true });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/products/global/fanouts/00000000-0000-4000-8000-000000000000',
      headers: s.headers.ownerA,
    });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([404, 'Classificação em lote não encontrada.']);
    const asMember = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/global/fanouts/${res.json().fanout.id}`,
      headers: s.headers.member,
    });
    expect(asMember.statusCode).toBe(403);
  });

  it('edits: the code is fixed; a new GTIN classifies its twins; NCM edits rewrite no catalogue; before/after logged', async () => {
    const created = await post(body({ code: 'EDIT-1' }), s.headers.admin);
    const id = created.json().id;
    expect(created.json().fanout).toBeNull();
    const renamed = await put(id, body({ code: 'EDIT-2' }), s.headers.ownerA);
    expect(renamed.statusCode).toBe(400);
    const gtin = generateGtin14();
    const twin = await createProduct(ctx.db, { companyId: s.companyRJ.id, internalCode: 'EDIT-TWIN', gtin });
    const edited = await put(id, body({ code: 'EDIT-1', gtin, description: 'ÁGUA EDITADA' }), s.headers.ownerB);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'ÁGUA EDITADA', gtin, fanout: { companies: 1, products: 1 } });
    await ctx.app.jobs.drain();
    expect((await query('SELECT status FROM products WHERE id = $1', [twin.id]))[0].status).toBe('F');
    const ncm = await put(id, body({ code: 'EDIT-1', gtin, ncm: '22029900', cest: null }), s.headers.ownerA);
    expect(ncm.statusCode).toBe(200);
    expect((await query('SELECT ncm FROM products WHERE id = $1', [twin.id]))[0].ncm).toBe('22021000');
    const log = await query('SELECT before, after FROM audit_events WHERE code = 3042 AND entity_id = $1 ORDER BY id', [
      id,
    ]);
    expect(log.at(-1)).toMatchObject({ before: { ncm: '22021000' }, after: { ncm: '22029900', cest: null } });
    const missing = await put('00000000-0000-4000-8000-000000000000', body(), s.headers.ownerA);
    expect(missing.statusCode).toBe(404);
    expect((await put(id, body({ code: 'EDIT-1' }), s.headers.member)).statusCode).toBe(403);
  });
});
