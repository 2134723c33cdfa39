import { NIL_PRODUCT_ID, operationsMessages, type TOperation } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createGlobalProduct,
  createPartner,
  createProduct,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';

const URL = '/v1/public/products/fiscalservice/operations';
let ctx: TestContext;
const h = {} as Record<'member' | 'unlinked' | 'owner' | 'otherOwner' | 'admin', Record<string, string>>;
const ids = {} as Record<
  'company' | 'stProduct' | 'plainProduct' | 'pending' | 'otherCompanyProduct' | 'globalCode',
  string
>;

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const other = await createPartner(ctx.db);
  const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const otherCompany = await createCompany(ctx.db, { partnerId: other.id, uf: 'SP' });
  // Soft drinks under ST: SP rule CST 60 with IVA 40 %; RJ rule with an ST agreement and FCP 2 %.
  const spRule = await createFiscalRule(ctx.db, {
    ncm: '22021000',
    cest: '0300700',
    uf: 'SP',
    version: {
      cstIcms: '60',
      cstCsosn: '500',
      aliqIcms: '18.0000',
      aliqIcmsSt: '18.0000',
      iva: '40.0000',
      ipiAliq: '4.0000',
    },
  });
  await createFiscalRule(ctx.db, {
    ncm: '22021000',
    cest: '0300700',
    uf: 'RJ',
    version: {
      cstIcms: '60',
      aliqIcms: '20.0000',
      aliqIcmsSt: '20.0000',
      iva: '50.0000',
      fcp: '2.0000',
      tpCalcDifal: 2,
      agreement: {
        name: 'Convênio ICMS 142/2018',
        description: 'Bebidas não alcoólicas',
        exempted: false,
        subsTrib: true,
        respTrib: 'Remetente',
        aliqIcmsInterestadual: '12.0000',
        redBcInterestadual: null,
        aliqEfetiva: null,
        iva: '50.0000',
        validityIn: '2019-01-01',
        endOfValidityIn: null,
      },
    },
  });
  const plainRule = await createFiscalRule(ctx.db, { ncm: '19053100', cest: null, uf: 'SP' });
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  const unlinked = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  const otherOwner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: other.id });
  const admin = await createUser(ctx.db, { role: 'Admin' });
  await linkMemberToCompany(ctx.db, member.id, company.id);
  for (const [who, user] of Object.entries({ member, unlinked, owner, otherOwner, admin })) {
    h[who as keyof typeof h] = bearer(await createSessionToken(ctx.db, user.id));
  }
  const stProduct = await createProduct(ctx.db, {
    companyId: company.id,
    fiscalRuleId: spRule.id,
    fiscalServiceReferenceCode: 'GLOBAL-REFRI-1',
  });
  const plainProduct = await createProduct(ctx.db, { companyId: company.id, fiscalRuleId: plainRule.id });
  const pending = await createProduct(ctx.db, { companyId: company.id });
  const otherCompanyProduct = await createProduct(ctx.db, { companyId: otherCompany.id, fiscalRuleId: plainRule.id });
  const globalRefri = await createGlobalProduct(ctx.db, { ncm: '22021000', cest: '0300700' });
  Object.assign(ids, {
    globalCode: globalRefri.code,
    company: company.id,
    stProduct: stProduct.id,
    plainProduct: plainProduct.id,
    pending: pending.id,
    otherCompanyProduct: otherCompanyProduct.id,
  });
});

const ask = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload: { companyId: ids.company, ...payload } });

describe('POST /products/fiscalservice/operations', () => {
  it('answers an internal sale of ST goods by a substituted retailer with the spec defaults: 5405, CST 60', async () => {
    const res = await ask(h.member, { productId: ids.stProduct, uf: 'SP', cfop: 'venda' });
    expect(res.statusCode).toBe(200);
    const [op] = res.json() as TOperation[];
    expect(op).toMatchObject({ cfop: '5405', uf: 'SP', interestadual: false });
    expect(op!.icms).toMatchObject({
      cst: '60',
      csosn: null,
      aliqICMSInterna: 18,
      substituicaoTributaria: true,
      iva: 40,
    });
    expect(op!.federal).toMatchObject({ ncm: '22021000', cest: '0300700' });
    expect(op!.cbsIbs).toMatchObject({ aliqCBS: 0.9, aliqIBSUF: 0.1 });
  });

  it('answers an interstate sale as ST substitute with the destination rule, adjusted MVA, FCP-ST and the agreement card', async () => {
    const res = await ask(h.member, {
      productId: ids.stProduct,
      uf: 'RJ',
      cfop: 'venda',
      caracTrib: [2],
      substICMS: 'S',
    });
    expect(res.statusCode).toBe(200);
    const [op] = res.json() as TOperation[];
    expect(op).toMatchObject({ cfop: '6403', ufOrigem: 'SP', ufDestino: 'RJ', interestadual: true });
    // [(1 + 0.50) × (1 − 0.12) / (1 − 0.20)] − 1 = 65.00 %
    expect(op!.icms).toMatchObject({ cst: '10', aliqICMSInterestadual: 12, aliqICMSST: 20, ivaAjustado: 65, fcpST: 2 });
    expect(op!.agreement).toMatchObject({ convName: 'Convênio ICMS 142/2018', subsTrib: true });
    expect(op!.protocol).toBeNull();
  });

  it('uses CSOSN for a Simples Nacional issuer and DIFAL for a non-contributor buyer in another UF', async () => {
    const res = await ask(h.member, {
      productId: ids.plainProduct,
      uf: 'RJ',
      cfop: 'venda',
      caracTrib: [8],
      simplesN: 'S',
    });
    const [op] = res.json() as TOperation[];
    expect(op).toMatchObject({ cfop: '6108' });
    expect(op!.icms).toMatchObject({ cst: null, csosn: '102', aliqICMSInterestadual: 12 });
    // No RJ rule for this NCM: the destination's internal rate and FCP come from the UF table (20 % + 2 %).
    expect(op!.icms.difal).toEqual({ tipo: 1, aliqInterna: 20, aliqInterestadual: 12, aliqDiferencial: 8, fcp: 2 });
  });

  it('answers a purchase for use and consumption: 1556', async () => {
    const res = await ask(h.admin, { productId: ids.plainProduct, uf: 'SP', cfop: 'compra', finality: 2 });
    expect((res.json() as TOperation[])[0]!.cfop).toBe('1556');
  });

  it('finds the product by its integration code when the client sends the all-zero id', async () => {
    const res = await ask(h.member, {
      productId: NIL_PRODUCT_ID,
      CodeIntegrator: 'GLOBAL-REFRI-1',
      uf: 'SP',
      cfop: 'venda',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TOperation[])[0]!.cfop).toBe('5405');
  });

  it("refuses a product without a rule: 'Produto não está classificado'", async () => {
    const res = await ask(h.member, { productId: ids.pending, uf: 'SP', cfop: 'venda' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(operationsMessages.notClassified);
  });

  it('answers the spec messages when UF or operation is missing', async () => {
    const res = await ask(h.member, { productId: ids.stProduct, uf: '', cfop: '' });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().errors as { message: string }[]).map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([operationsMessages.ufRequired, operationsMessages.operationRequired]),
    );
  });

  it('keeps tenants apart: unlinked members and other partners get 404, anonymous 401', async () => {
    expect((await ask(h.unlinked, { productId: ids.stProduct, uf: 'SP', cfop: 'venda' })).statusCode).toBe(404);
    expect((await ask(h.otherOwner, { productId: ids.stProduct, uf: 'SP', cfop: 'venda' })).statusCode).toBe(404);
    expect((await ask({}, { productId: ids.stProduct, uf: 'SP', cfop: 'venda' })).statusCode).toBe(401);
    // A product of another company is not found through this company.
    const foreign = await ask(h.member, { productId: ids.otherCompanyProduct, uf: 'SP', cfop: 'venda' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(operationsMessages.notClassified);
  });

  it("answers a partner's staff for a global product through one of their companies, not another partner's", async () => {
    // The partner's global base offers Operações (spec 02): the modal sends the company the partner picked.
    const global = { productId: NIL_PRODUCT_ID, CodeIntegrator: ids.globalCode, uf: 'RJ', cfop: 'venda' };
    const res = await ask(h.owner, global);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TOperation[])[0]).toMatchObject({ cfop: '6404', uf: 'RJ' });
    expect((await ask(h.otherOwner, global)).statusCode).toBe(404);
  });

  it('is documented in the OpenAPI document with its body schema', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const path = res.json().paths['/v1/public/products/fiscalservice/operations'];
    expect(path?.post?.requestBody).toBeTruthy();
  });
});

describe('POST /products/fiscalservice/operations refuses a rule the engine cannot compute', () => {
  // The rule rows are written as a careless import would; the messages are those of POST /tax/calculate.
  let named = 0;
  const withBadRule = async (version: Record<string, unknown>) => {
    // A named rule (description): several may share NCM and UF.
    const description = `REGRA COM ERRO ${++named}`;
    const rule = await createFiscalRule(ctx.db, { ncm: '04011010', cest: null, uf: 'SP', description, version });
    const product = await createProduct(ctx.db, { companyId: ids.company, fiscalRuleId: rule.id });
    return ask(h.member, { productId: product.id, uf: 'SP', cfop: 'venda' });
  };
  it.each([
    [{ cstIcms: '77' }, 'cstIcms', 'CST do ICMS inexistente. Use um dos códigos: 00, 02, 10'],
    [{ iva: '-5.0000' }, 'iva', 'pMVAST não pode ser negativo.'],
    [{ aliqIcmsSt: '100.0000', cstIcms: '10' }, 'aliqIcmsSt', 'pICMSST deve ser menor que 100%.'],
    [{ pisCstSaida: '33' }, 'pisCstSaida', 'CST do PIS inexistente.'],
  ])('%o → 400 with the same message as /tax/calculate', async (version, field, message) => {
    const res = await withBadRule(version);
    expect(res.statusCode).toBe(400);
    const err = res.json<{ errors: { field: string; message: string }[] }>();
    expect(err.errors).toContainEqual({ field, message: expect.stringContaining(message) });
  });
});

/**
 * Interstate ST as dated data (issue 37, decision 065): the operation reads the st_agreements rows of its pair in
 * force today. Rows are written here, independent of any seed. Between states ST needs an agreement of the two UFs
 * (Convênio ICMS 142/2018, cláusula segunda); soft drinks are CEST segment 03 (Conv. 142/2018, Anexo IV).
 */
describe('POST /products/fiscalservice/operations with the ST agreements data', () => {
  const sale = async () => {
    const res = await ask(h.member, { productId: ids.stProduct, uf: 'RJ', cfop: 'venda', substICMS: 'S' });
    expect(res.statusCode).toBe(200);
    return (res.json() as TOperation[])[0]!;
  };
  const put = (temAcordo: boolean, instrumento: string, mva: string | null) =>
    ctx.db.execute(sql`
      INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento, tem_acordo, instrumento, mva_original,
        vigencia_inicio, fonte_url, fonte_nota)
      VALUES ('SP', 'RJ', '03', ${temAcordo}, ${instrumento}, ${mva}, '2019-01-01',
        'https://www.confaz.fazenda.gov.br/legislacao/convenios/2018/CV142_18', 'linha de teste')`);

  it('without a row for the pair: sem-dados, and the rule’s own agreement keeps deciding (ST as before)', async () => {
    // Independent of the bundled seed: the pair holds only the rows written here.
    await ctx.db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND uf_destino = 'RJ'`);
    const op = await sale();
    expect(op.icms).toMatchObject({ substituicaoTributaria: true, acordoSt: { situacao: 'sem-dados' } });
  });

  it('a researched pair without agreement: no ST whatever the rule says; with one, ST under the instrument', async () => {
    await put(false, 'Sem protocolo SP-RJ para o segmento 03 (teste)', null);
    const none = await sale();
    expect(none).toMatchObject({ cfop: '6102', icms: { cst: '00', substituicaoTributaria: false } });
    expect(none.icms.acordoSt).toMatchObject({
      situacao: 'sem-acordo',
      instrumento: 'Sem protocolo SP-RJ para o segmento 03 (teste)',
    });
    // The next request sees an Admin's change: nothing is kept between requests.
    await ctx.db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND uf_destino = 'RJ'`);
    await put(true, 'Protocolo de teste 1/2019', '45.0000');
    const under = await sale();
    expect(under).toMatchObject({ cfop: '6403', icms: { cst: '10', substituicaoTributaria: true } });
    // The RJ rule's own IVA (50 %) wins over the agreement's 45 %: [(1,50 × 0,88 / 0,80) − 1] = 65 %.
    expect(under.icms).toMatchObject({ iva: 50, ivaAjustado: 65 });
    expect(under.icms.acordoSt).toMatchObject({
      situacao: 'com-acordo',
      instrumento: 'Protocolo de teste 1/2019',
      mvaOriginal: 45,
      fonte: { url: 'https://www.confaz.fazenda.gov.br/legislacao/convenios/2018/CV142_18' },
    });
    await ctx.db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND uf_destino = 'RJ'`);
  });
});
