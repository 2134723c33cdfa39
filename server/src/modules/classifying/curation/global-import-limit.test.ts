import { globalCurationMessages } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { seedProductActors } from '../../products/products.fixtures.js';

// A small limit (the real one is 256 MB) so that an oversize file can be sent in a test.
const LIMIT = 64 * 1024;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp({ globalImportMaxBytes: LIMIT });
  s = await seedProductActors(ctx.db);
});

function upload(content: string) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/public/products/global/import',
    headers: { ...s.headers.ownerA, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="base.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  });
}

const csv = (rows: number) =>
  [
    'Codigo;Descricao;GTIN;NCM;CEST',
    ...Array.from({ length: rows }, (_, i) => `LIM-${i};Produto ${i};;22021000;`),
  ].join('\r\n');
const count = async () =>
  (await ctx.database.pool.query(`SELECT count(*)::int AS n FROM global_products WHERE code LIKE 'LIM-%'`)).rows[0].n;

describe('POST /products/global/import over the upload limit', () => {
  it('refuses a file cut by the limit with its Portuguese message, writes nothing and keeps answering', async () => {
    // Over the limit but within the envelope allowance: the stream is cut and the refusal comes from reading it.
    const cut = csv(2500);
    expect(cut.length).toBeGreaterThan(LIMIT);
    expect(cut.length).toBeLessThan(LIMIT + 64 * 1024);
    const refused = await upload(cut);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().detail).toBe(globalCurationMessages.fileTooLarge);
    expect(refused.json().detail).toBe('O arquivo excede o tamanho máximo de 256 MB.');
    expect(await count()).toBe(0);

    // Far over it: refused by its declared length before any byte is read.
    const huge = await upload(csv(12000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe('O arquivo excede o tamanho máximo de 256 MB.');

    // The server still answers, and a file within the limit is imported.
    const ok = await upload(csv(10));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ received: 10, created: 10, invalid: 0 });
    expect(await count()).toBe(10);
  });
});
