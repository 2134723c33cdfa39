import type { TBindingCandidate, TBindingPreview } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct, generateGtin14 } from '../../../db/factories.js';
import { auditEvents, products } from '../../../db/schema/index.js';
import { seedProductActors } from '../products.fixtures.js';

/**
 * Issue 38 (decision 062): candidates ranked with their reasons, a preview of what a binding changes, the undo
 * within the session, "nenhum equivalente"; each step in the audit trail.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
const api = '/v1/public/products';

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const post = (url: string, payload: unknown, headers = s.headers.member) =>
  ctx.app.inject({ method: 'POST', url: `${api}${url}`, headers, payload: payload as object });

/** A global product of soluble coffee with its SP rule (IBS/CBS under LC 214/2025 Anexo I, item 8: 200003). */
async function solubleCoffee() {
  const rule = await createFiscalRule(ctx.db, {
    ncm: '21011110',
    uf: 'SP',
    description: 'Café solúvel - cesta básica SP',
    version: { aliqIcms: '18.0000', cbsCst: '200', cbsCClassTrib: '200003' },
  });
  const global = await createGlobalProduct(ctx.db, {
    description: 'CAFE SOLUVEL GRANULADO 200G',
    ncm: '21011110',
    rules: { SP: rule.id },
  });
  return { rule, global };
}

describe('GET /products/fiscalservice: candidates ranked with their reasons', () => {
  it('equal GTIN first, then the similar description in the same NCM chapter; a toothpaste says it is of another chapter', async () => {
    const { global: soluble } = await solubleCoffee();
    const ground = await createGlobalProduct(ctx.db, { description: 'CAFE TORRADO E MOIDO 500G', ncm: '09012100' });
    const paste = await createGlobalProduct(ctx.db, { description: 'CREME DENTAL CAFE SOLUVEL', ncm: '33061000' });
    const twin = await createGlobalProduct(ctx.db, { description: 'ACHOCOLATADO EM PO 400G', ncm: '18069000' });
    const product = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      description: 'CAFÉ SOLÚVEL 200G',
      ncm: '21011190',
      gtin: twin.gtin,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/fiscalservice?productId=${product.id}&productDescription=${encodeURIComponent('CAFE SOLUVEL')}`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ products: TBindingCandidate[] }>().products;
    const at = (code: string) => list.findIndex((c) => c.code === code);
    expect(list[0]).toMatchObject({ code: twin.code, match: { gtinEqual: true } });
    expect(list[0]!.match.reasons[0]).toBe('GTIN igual');
    expect(list[1]!.code).toBe(soluble.code);
    expect(list[1]!.match.reasons).toContain('Mesmo capítulo NCM (21)');
    expect(list[1]!.match.similarity).toBeGreaterThan(40);
    const pasteRow = list[at(paste.code)];
    expect(pasteRow?.match.reasons).toContain('Outro capítulo NCM (33 × 21)');
    expect(at(paste.code)).toBeGreaterThan(1);
    if (at(ground.code) >= 0) expect(list[at(ground.code)]!.match.ncmChapter).toBe(false);
    const scores = list.map((c) => c.match.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('POST /products/binding/preview', () => {
  it('shows NCM, CEST, rule and the main operation taxes before and after, and changes nothing', async () => {
    const { global, rule } = await solubleCoffee();
    const product = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      description: 'CAFE SOLUVEL 200G',
      gtin: global.gtin,
    });
    const res = await post('/binding/preview', { productIds: [product.id], fiscalServiceProduct: global.code });
    expect(res.statusCode).toBe(200);
    const p = res.json<TBindingPreview>();
    expect(p.counts).toEqual({ products: 1, finalized: 1, inAudit: 0 });
    const row = (list: TBindingPreview['changes'], label: string) => list.find((c) => c.label === label);
    expect(row(p.changes, 'Situação')).toMatchObject({ before: 'Pendente', after: 'Classificado', changed: true });
    expect(row(p.changes, 'NCM')).toMatchObject({ after: '21011110', changed: true });
    expect(row(p.changes, 'Regra fiscal')).toMatchObject({ before: null, after: 'Café solúvel - cesta básica SP' });
    expect(row(p.taxes, 'Alíquota do ICMS')).toMatchObject({ before: null, after: '18 %' });
    // LC 214/2025 art. 125, Anexo I: the rule's IBS/CBS code is the basic basket's reduction to zero.
    expect(row(p.taxes, 'IBS/CBS (CST · cClassTrib)')).toMatchObject({ after: '200 · 200003', changed: true });
    expect(row(p.taxes, 'PIS (CST · alíquota)')?.after).toBe('01 · 1,65 %');
    const [after] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(after).toMatchObject({ status: 'P', fiscalRuleId: null, fiscalServiceReferenceCode: null });
    expect(rule.id).toBeTruthy();
  });

  it("a Member's product of another GTIN: the preview says it goes to the audit", async () => {
    const { global } = await solubleCoffee();
    const product = await createProduct(ctx.db, { companyId: s.companySP.id, description: 'CAFE SOLUVEL' });
    const res = await post('/binding/preview', { productIds: [product.id], fiscalServiceProduct: global.code });
    expect(res.json<TBindingPreview>().counts).toEqual({ products: 1, finalized: 0, inAudit: 1 });
    expect(res.json<TBindingPreview>().changes[0]).toMatchObject({ label: 'Situação', after: 'Em Auditoria' });
  });

  it('refuses an empty list with a Portuguese message, and a foreign product with 404', async () => {
    const { global } = await solubleCoffee();
    const empty = await post('/binding/preview', { productIds: [], fiscalServiceProduct: global.code });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('Informe os produtos a vincular.');
    const foreign = await createProduct(ctx.db, { companyId: s.companyB.id, description: 'CAFE' });
    const res = await post('/binding/preview', { productIds: [foreign.id], fiscalServiceProduct: global.code });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /products/binding/{bindingId}/undo', () => {
  const auditCodesOf = async (productId: string) =>
    (await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, productId))).map((e) => e.code).sort();

  it('puts the product back as it was, records both steps, and undoes only once', async () => {
    const { global, rule } = await solubleCoffee();
    const gtin = generateGtin14();
    await ctx.db.execute(sql`UPDATE global_products SET gtin = ${gtin} WHERE id = ${global.id}`);
    const product = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      description: 'CAFE SOLUVEL 200G',
      gtin,
      ncm: '21011190',
    });
    const bound = await post('/binding', { productId: product.id, fiscalServiceProduct: global.code });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ linked: true, finalized: true });
    const bindingId = bound.json().bindingId as string;
    expect(bindingId).toMatch(/^[0-9a-f-]{36}$/);
    const [classified] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(classified).toMatchObject({ status: 'F', fiscalRuleId: rule.id, ncm: '21011110' });

    const undo = await post(`/binding/${bindingId}/undo`, {});
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({ message: 'Vínculo desfeito.', count: 1 });
    const [back] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(back).toMatchObject({
      status: 'P',
      ncm: '21011190',
      fiscalRuleId: null,
      fiscalServiceReferenceCode: null,
      fiscalRuleSince: null,
    });
    expect(await auditCodesOf(product.id)).toEqual([3007, 3022]);
    const trail = await ctx.db.execute<{ description: string }>(
      sql`SELECT description FROM product_audits WHERE product_id = ${product.id} ORDER BY created_at`,
    );
    expect(trail.rows.map((r) => r.description)).toEqual([
      `Produto vinculado ao produto global ${global.code} e classificado`,
      `Vínculo ao produto global ${global.code} desfeito: voltou a Pendente`,
    ]);
    // The link did exist for a moment: it stays in the rule history, closed.
    const history = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM product_rule_history WHERE product_id = ${product.id} AND fiscal_rule_id = ${rule.id}`,
    );
    expect(history.rows[0]?.n).toBe(1);

    const again = await post(`/binding/${bindingId}/undo`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BINDING_ALREADY_UNDONE');
  });

  it('only in the session that bound, only by its user, only while nothing changed since', async () => {
    const { global } = await solubleCoffee();
    const mk = () => createProduct(ctx.db, { companyId: s.companySP.id, description: 'CAFE SOLUVEL' });
    const a = await mk();
    const boundA = await post('/binding', { productId: a.id, fiscalServiceProduct: global.code });
    const idA = boundA.json().bindingId as string;
    const otherSession = bearer(await createSessionToken(ctx.db, s.member.id));
    const fromOther = await post(`/binding/${idA}/undo`, {}, otherSession);
    expect(fromOther.statusCode).toBe(409);
    expect(fromOther.json().detail).toBe('Só é possível desfazer um vínculo na mesma sessão em que ele foi feito.');
    const byStaff = await post(`/binding/${idA}/undo`, {}, s.headers.ownerA);
    expect(byStaff.statusCode).toBe(404);

    // In audit (another GTIN), then approved by the partner: the undo no longer applies.
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `${api}/${a.id}/audit/approve`,
      headers: s.headers.ownerA,
    });
    expect(approved.statusCode).toBe(200);
    const late = await post(`/binding/${idA}/undo`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BINDING_UNDO_CHANGED');
    const [still] = await ctx.db.select().from(products).where(eq(products.id, a.id));
    expect(still?.status).toBe('F');
  });
});

describe('POST /products/binding/none', () => {
  it('keeps the product pending and records who found no equivalent, for what search', async () => {
    const product = await createProduct(ctx.db, { companyId: s.companySP.id, description: 'CAFE SOLUVEL EXOTICO' });
    const res = await post('/binding/none', { productId: product.id, searched: 'CAFE SOLUVEL' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/nenhum equivalente/);
    const [after] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(after?.status).toBe('P');
    const events = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, product.id), eq(auditEvents.code, 3023)));
    expect(events).toHaveLength(1);
    expect(events[0]?.after).toMatchObject({ searched: 'CAFE SOLUVEL' });
  });
});
