import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createGlobalProduct, createProduct } from '../../../db/factories.js';
import { seedProductActors } from '../../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

function upload(content: Buffer | string, headers: Record<string, string>, name = 'base.csv') {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/public/products/global/import',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
const query = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values).then((r) => r.rows);

describe('POST /products/global/import', () => {
  it('imports valid lines, reports each bad one with its reason, updates known codes and fans out', async () => {
    await createGlobalProduct(ctx.db, { code: 'KNOWN', description: 'ANTIGA', gtin: null, ncm: '22021000' });
    await createGlobalProduct(ctx.db, { code: 'OWNER', gtin: '07891000100103' });
    const pendingSP = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      internalCode: 'IMP-1',
      gtin: '07894900011517',
    });
    const pendingB = await createProduct(ctx.db, {
      companyId: s.companyB.id,
      internalCode: 'IMP-2',
      gtin: '07894900011517',
    });
    const csv = [
      'Codigo;Descricao;GTIN;NCM;CEST',
      'NEW-1;Água mineral 500ml;7894900011517;2202.10.00;0300700',
      'KNOWN;Nova descrição;;22021000;',
      ';Sem código;;22021000;',
      'BAD-NCM;NCM inexistente;;99999999;',
      'BAD-CEST;CEST errado;;22021000;0100100',
      'BAD-GTIN;Dígito errado;7894900011518;22021000;',
      'DUP-GTIN;GTIN de outro;7891000100103;22021000;',
      'NEW-2;Sem GTIN;;22029900;',
    ].join('\r\n');
    // Windows-1252, as Brazilian Excel saves a CSV
    const res = await upload(Buffer.from(csv, 'latin1'), s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ received: 8, created: 2, updated: 1, invalid: 5 });
    expect(out.invalidLines.map((l: { line: number; reason: string }) => [l.line, l.reason])).toEqual([
      [4, 'Código obrigatório.'],
      [5, 'NCM inexistente ou fora de vigência.'],
      [6, 'O CEST informado não corresponde ao NCM.'],
      [7, 'GTIN inválido: dígito verificador incorreto.'],
      [8, 'O GTIN já pertence ao produto global OWNER.'],
    ]);
    expect(out.fanout).toMatchObject({ companies: 2, products: 2 });
    const known = await query("SELECT description FROM global_products WHERE code = 'KNOWN'");
    expect(known[0].description).toBe('Nova descrição');
    const log = await query("SELECT before, after FROM audit_events WHERE code = 3042 AND after->>'code' = 'KNOWN'");
    expect(log[0]).toMatchObject({ before: { description: 'ANTIGA' }, after: { description: 'Nova descrição' } });

    await ctx.app.jobs.drain();
    const statuses = await query(
      'SELECT status, fiscal_service_reference_code AS ref FROM products WHERE id = ANY($1)',
      [[pendingSP.id, pendingB.id]],
    );
    expect(statuses).toEqual([
      { status: 'F', ref: 'NEW-1' },
      { status: 'F', ref: 'NEW-1' },
    ]);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/global/import/${out.importId}/errors`,
      headers: s.headers.ownerA,
    });
    expect(report.statusCode).toBe(200);
    expect(report.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFLinha;Codigo;Motivo',
      '4;;Código obrigatório.',
      '5;BAD-NCM;NCM inexistente ou fora de vigência.',
    ]);
  });

  it('writes a file of several batches in file order: a code repeated two batches later updates its row', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `MB-${i};Produto ${i};;22021000;`);
    lines[1500] = 'MB-BAD;NCM inexistente;;99999999;';
    lines.push('MB-7;Produto 7 revisto;;22029900;');
    const res = await upload(['Codigo;Descricao;GTIN;NCM;CEST', ...lines].join('\r\n'), s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 2501, created: 2499, updated: 1, invalid: 1 });
    expect(res.json().invalidLines).toEqual([
      { line: 1502, code: 'MB-BAD', reason: 'NCM inexistente ou fora de vigência.' },
    ]);
    const row = await query("SELECT description, ncm FROM global_products WHERE code = 'MB-7'");
    expect(row[0]).toEqual({ description: 'Produto 7 revisto', ncm: '22029900' });
  });

  it('refuses a file without the header, an empty file and Members; nothing is written', async () => {
    const before = await query('SELECT count(*)::int AS n FROM global_products');
    const layout = await upload('a;b;c\r\n1;2;3', s.headers.ownerA);
    expect(layout.statusCode).toBe(400);
    expect(layout.json().detail).toContain('Codigo;Descricao;GTIN;NCM;CEST');
    const empty = await upload('Codigo;Descricao;GTIN;NCM;CEST\r\n', s.headers.ownerA);
    expect(empty.json().detail).toBe('O arquivo não possui produtos para importar.');
    expect((await upload('Codigo;Descricao;NCM\r\nX;Y;22021000', s.headers.member)).statusCode).toBe(403);
    const after = await query('SELECT count(*)::int AS n FROM global_products');
    expect(after[0].n).toBe(before[0].n);
    const imports = await query('SELECT count(*)::int AS n FROM global_imports');
    expect(imports[0].n).toBe(2); // only the two files above
  });
});
