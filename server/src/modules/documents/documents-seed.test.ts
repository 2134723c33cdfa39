import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createProduct,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';
import { seedDemoDocuments } from '../../scripts/seed-demo-documents.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

describe('demo seed of the company documents', () => {
  it('leaves one finished import with findings, refusals and a duplicate, once', async () => {
    const partner = await createPartner(ctx.db);
    const company = await createCompany(ctx.db, {
      partnerId: partner.id,
      uf: 'SP',
      nomeFantasia: 'MERCADINHO BOA VISTA',
    });
    const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
    await linkMemberToCompany(ctx.db, member.id, company.id);
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22030000',
      cest: '0302100',
      uf: 'SP',
      description: 'SEED CERVEJA',
    });
    for (const code of ['A1', 'A2', 'A3'])
      await createProduct(ctx.db, {
        companyId: company.id,
        internalCode: code,
        description: `CERVEJA ${code}`,
        fiscalRuleId: rule.id,
      });

    await seedDemoDocuments(ctx.db);
    await seedDemoDocuments(ctx.db);
    const rows = (
      await ctx.database.pool.query(
        'SELECT status, documents, duplicates, errors, findings, products_created FROM document_imports WHERE company_id = $1',
        [company.id],
      )
    ).rows;
    expect(rows).toEqual([
      // 3 sales, the same 3 products sold again later in the month, 1 sale of new products (and its copy).
      { status: 'Done', documents: 7, duplicates: 1, errors: 1, findings: expect.any(Number), products_created: 2 },
    ]);
    const kinds = (await ctx.database.pool.query('SELECT DISTINCT kind FROM document_findings ORDER BY kind')).rows.map(
      (r) => r.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['aliquota-divergente', 'gtin-invalido', 'valor-divergente']));
    // The worklist opens with two groups already worked on, their keys those of groups the import has.
    const statuses = (
      await ctx.database.pool.query(`
        SELECT s.status, s.reason IS NOT NULL AS "hasReason", EXISTS (SELECT 1 FROM document_findings f
          WHERE md5(f.kind || chr(31) || f.field || chr(31) || f.internal_code || chr(31) || coalesce(f.rule_code, ''))
            = s.group_key) AS "groupExists"
        FROM document_finding_group_statuses s ORDER BY s.status`)
    ).rows;
    expect(statuses).toEqual([
      { status: 'EmAnalise', hasReason: false, groupExists: true },
      { status: 'Ignorado', hasReason: true, groupExists: true },
    ]);
  });
});
