import { beforeAll, describe, expect, it } from 'vitest';
import { buildXlsx, SHEET_HEAD, SHEET_TAIL, sharedStringsOf } from '../../test/hostile-xlsx.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct } from '../db/factories.js';
import { seedProductActors, uploadProductFile } from '../modules/products/products.fixtures.js';

/**
 * The bad-input corpus of issue 15: every case answers a 4xx with a Portuguese `detail` and leaves the
 * database exactly as it was. Families: NUL and lone surrogates in every kind of field, encodings,
 * wrong types, overlong text, huge pages, injections, transport limits and hostile files.
 */
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  who?: 'anon' | 'admin' | 'member';
  payload?: unknown;
  headers?: Record<string, string>;
  status: number;
  detail?: string | RegExp;
}

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let ids: { product: string; rule: string; global: string };

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  const rule = await createFiscalRule(ctx.db, { ncm: '22021000', uf: 'SP' });
  const product = await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'C1' });
  const global = await createGlobalProduct(ctx.db, { ncm: '22021000' });
  ids = { product: product.id, rule: rule.id, global: global.code };
});

const TABLES = [
  'partners',
  'users',
  'sessions',
  'password_resets',
  'companies',
  'user_companies',
  'products',
  'import_history',
  'import_invalid_lines',
  'fiscal_rules',
  'audit_events',
  'global_products',
];
/** Every row of the tables a write could touch, hashed: any change shows. */
async function fingerprint(): Promise<string> {
  const parts = TABLES.map(
    (t) => `(SELECT count(*) || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM ${t} x)`,
  );
  const res = await ctx.database.pool.query(`SELECT concat_ws(';', ${parts.join(', ')}) AS f`);
  return res.rows[0].f;
}

const PORTUGUESE =
  /[ãáàâéêíóôõúç]|inválid|Informe|Usuário|Registro|Rota|Opção|Muitas|Requisição|Empresa|Senha|planilha|arquivo|Preencha|demais|esperava/i;
const ENGLISH =
  /\b(expected|received|invalid input|too (small|big)|required|must be|bad request|not found|client error)\b/i;

const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = 'a\udc00b';
const TEXT_INVALID = /^O campo .+ contém caracteres inválidos \(caractere nulo ou Unicode malformado\)\.$/;

function cases(): Case[] {
  const c: Case[] = [];
  const sp = s.companySP.id;
  // 1. NUL and lone surrogates in JSON bodies, field by field, on every family.
  const bodies: [string, Case['method'], string, Case['who'], (v: string) => unknown][] = [
    ['check e-mail', 'POST', '/users/check', 'anon', (v) => ({ email: v })],
    ['sign-in e-mail', 'POST', '/users/signin', 'anon', (v) => ({ email: v, password: 'x' })],
    ['sign-in password', 'POST', '/users/signin', 'anon', (v) => ({ email: 'a@b.com', password: v })],
    ['reset e-mail', 'POST', '/users/reset-password', 'anon', (v) => ({ email: v })],
    ['set-password e-mail', 'POST', '/users/setpassword', 'anon', (v) => ({ email: v, password: 'Senha@123' })],
    ['set-password link', 'POST', '/users/setpassword', 'anon', (v) => ({ passwordResetId: v, password: 'Senha@123' })],
    ['user name', 'POST', '/users', 'admin', (v) => ({ name: v, email: 'n@b.com', role: 'Admin' })],
    ['company razão social', 'POST', '/companies', 'admin', (v) => ({ razaoSocial: v, nomeFantasia: 'X' })],
    [
      'product description',
      'POST',
      '/products',
      'member',
      (v) => ({ companyId: sp, internalCode: '1', description: v }),
    ],
    ['product code', 'POST', '/products', 'member', (v) => ({ companyId: sp, internalCode: v, description: 'D' })],
    [
      'binding code',
      'POST',
      '/products/binding',
      'member',
      (v) => ({ productId: ids.product, fiscalServiceProduct: v }),
    ],
    [
      'link UF',
      'PUT',
      '/fiscal-rules/products/link',
      'admin',
      (v) => ({ fiscalRuleId: ids.rule, uf: v, productsId: [ids.product] }),
    ],
    ['named rule description', 'POST', '/fiscal-rules', 'admin', (v) => ({ description: v })],
    [
      'operations company',
      'POST',
      '/products/fiscalservice/operations',
      'member',
      (v) => ({ companyId: v, productId: ids.product }),
    ],
    [
      'object key',
      'POST',
      '/products',
      'member',
      (v) => ({ companyId: sp, internalCode: '1', description: 'D', [v]: 1 }),
    ],
  ];
  for (const [name, method, url, who, body] of bodies) {
    for (const [label, v] of [
      ['NUL', NUL],
      ['lone high surrogate', HIGH],
      ['lone low surrogate', LOW],
    ] as const) {
      c.push({ name: `${name}: ${label}`, method, url, who, payload: body(v), status: 400, detail: TEXT_INVALID });
    }
  }
  // 2. NUL in query strings and path parameters (a URL cannot carry a lone surrogate).
  const queries: [string, string, Case['who']][] = [
    ['products text', `/products?companyId=${sp}&text=a%00b`, 'member'],
    ['products company', '/products?companyId=%00', 'member'],
    ['export company', '/products/export?companyId=a%00', 'member'],
    ['import history', '/products/importhistory?companyId=%00', 'member'],
    ['groupings ncm', '/fiscal-rules/groupings?ncm=22%00', 'admin'],
    ['group details', '/fiscal-rules/details?ncm=%00', 'admin'],
    ['named rules', '/fiscal-rules?description=%00', 'admin'],
    ['ncm search', '/reference/ncm?q=%00', 'member'],
    ['cest search', '/reference/cest?q=%00', 'member'],
    ['cfop search', '/reference/cfop?q=%00', 'member'],
    ['partner domain', '/partners/domain?nameDomain=%00', 'anon'],
    ['product audits path', '/products/a%00b/audits', 'member'],
    ['ncm path', '/reference/ncm/2202%00', 'member'],
    ['registry path', '/companies/registry/%00', 'admin'],
    ['rule details path', '/fiscal-rules/%00/details', 'admin'],
    ['company path', '/companies/%00', 'admin'],
  ];
  for (const [name, url, who] of queries)
    c.push({ name: `${name}: NUL`, method: 'GET', url, who, status: 400, detail: TEXT_INVALID });
  c.push({
    name: 'delete path: NUL',
    method: 'DELETE',
    url: '/products/%00',
    who: 'member',
    status: 400,
    detail: TEXT_INVALID,
  });

  // 3. Encodings and transport.
  const json = { 'content-type': 'application/json' };
  c.push(
    {
      name: 'malformed percent-encoding in the path',
      method: 'GET',
      url: '/products/%E0%A4%A/audits',
      who: 'member',
      status: 400,
      detail: 'O endereço (URL) da requisição é inválido.',
    },
    {
      name: 'invalid UTF-8 in the path',
      method: 'GET',
      url: '/reference/ncm/%ED%A0%80',
      who: 'member',
      status: 400,
      detail: 'O endereço (URL) da requisição é inválido.',
    },
    {
      name: 'truncated JSON',
      method: 'POST',
      url: '/users/check',
      who: 'anon',
      payload: '{"email":',
      headers: json,
      status: 400,
      detail: 'O corpo da requisição não é um JSON válido.',
    },
    {
      name: 'JSON with a trailing comma',
      method: 'POST',
      url: '/users/signin',
      who: 'anon',
      payload: '{"email":"a@b.com",}',
      headers: json,
      status: 400,
      detail: 'O corpo da requisição não é um JSON válido.',
    },
    {
      name: 'empty JSON body',
      method: 'POST',
      url: '/products',
      who: 'member',
      payload: '',
      headers: json,
      status: 400,
    },
    {
      name: 'text/plain body',
      method: 'POST',
      url: '/users/check',
      who: 'anon',
      payload: 'email=a@b.com',
      headers: { 'content-type': 'text/plain' },
      status: 400,
    },
    {
      name: 'XML body',
      method: 'POST',
      url: '/products',
      who: 'member',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
      status: 415,
    },
    {
      name: 'body over 2 MB',
      method: 'POST',
      url: '/users/check',
      who: 'anon',
      payload: `{"email":"${'a'.repeat(2_100_000)}"}`,
      headers: json,
      status: 413,
    },
    {
      name: 'path parameter over 100 characters',
      method: 'GET',
      url: `/reference/ncm/${'1'.repeat(150)}`,
      who: 'member',
      status: 414,
    },
    { name: 'unknown route', method: 'GET', url: '/nada/aqui', who: 'member', status: 404 },
    {
      name: 'unknown method on a known path',
      method: 'PUT',
      url: '/users/check',
      who: 'anon',
      payload: {},
      status: 404,
    },
    {
      name: 'JSON array instead of an object',
      method: 'POST',
      url: '/users/check',
      who: 'anon',
      payload: '[1,2]',
      headers: json,
      status: 400,
    },
    {
      name: 'JSON null',
      method: 'POST',
      url: '/users/signin',
      who: 'anon',
      payload: 'null',
      headers: json,
      status: 400,
    },
  );

  // 4. Wrong types.
  const wrong: [string, unknown][] = [
    ['number', 123],
    ['object', { a: 1 }],
    ['array', ['x']],
    ['boolean', true],
    ['null', null],
  ];
  for (const [label, v] of wrong) {
    c.push({
      name: `product description as ${label}`,
      method: 'POST',
      url: '/products',
      who: 'member',
      payload: { companyId: sp, internalCode: '1', description: v },
      status: 400,
    });
    c.push({
      name: `check e-mail as ${label}`,
      method: 'POST',
      url: '/users/check',
      who: 'anon',
      payload: { email: v },
      status: 400,
    });
    c.push({
      name: `link productsId as ${label}`,
      method: 'PUT',
      url: '/fiscal-rules/products/link',
      who: 'admin',
      payload: { fiscalRuleId: ids.rule, uf: 'SP', productsId: v },
      status: 400,
    });
  }
  // page= (empty) is not here: an empty query parameter means "not given" (issue 24, hostile-shapes.test.ts).
  for (const v of ['abc', '1.5', '1e999', '-1', '0']) {
    c.push({
      name: `products page=${v}`,
      method: 'GET',
      url: `/products?companyId=${sp}&page=${v}`,
      who: 'member',
      status: 400,
    });
    c.push({
      name: `groupings page=${v}`,
      method: 'GET',
      url: `/fiscal-rules/groupings?page=${v}`,
      who: 'admin',
      status: 400,
    });
  }

  // 5. Huge pages and out-of-range limits.
  for (const [url, who] of [
    ['/fiscal-rules/groupings?amountPerPage=100000', 'admin'],
    ['/fiscal-rules/groupings?amountPerPage=0', 'admin'],
    ['/reference/ncm?limit=100000', 'member'],
    ['/reference/cest?limit=100000', 'member'],
    ['/reference/ncm?limit=-5', 'member'],
    [`/products?companyId=${sp}&page=99999999999999999999`, 'member'],
  ] as const) {
    c.push({ name: `huge or bad page: ${url}`, method: 'GET', url, who, status: 400 });
  }

  // 6. Overlong text.
  const long = 'x'.repeat(10_000);
  c.push(
    {
      name: 'razão social of 201 characters',
      method: 'POST',
      url: '/companies',
      who: 'admin',
      payload: { razaoSocial: 'R'.repeat(201), nomeFantasia: 'F', document: '11222333000181', uf: 'SP' },
      status: 400,
      detail: 'A Razão Social deve ter no máximo 200 caracteres.',
    },
    {
      name: 'search text of 10k',
      method: 'GET',
      url: `/products?companyId=${sp}&text=${long}`,
      who: 'member',
      status: 400,
    },
    { name: 'ncm search of 10k', method: 'GET', url: `/reference/ncm?q=${long}`, who: 'member', status: 400 },
    {
      name: 'e-mail of 10k',
      method: 'POST',
      url: '/users/check',
      who: 'anon',
      payload: { email: `${long}@b.com` },
      status: 400,
    },
    {
      name: 'password of 10k',
      method: 'POST',
      url: '/users/signin',
      who: 'anon',
      payload: { email: 'a@b.com', password: long },
      status: 400,
    },
    {
      name: 'description of 10k',
      method: 'POST',
      url: '/products',
      who: 'member',
      payload: { companyId: sp, internalCode: '1', description: long },
      status: 400,
    },
    {
      name: 'internal code of 10k',
      method: 'POST',
      url: '/products',
      who: 'member',
      payload: { companyId: sp, internalCode: long, description: 'D' },
      status: 400,
    },
    {
      name: 'partner domain of 10k',
      method: 'GET',
      url: `/partners/domain?nameDomain=${long}`,
      who: 'anon',
      status: 400,
    },
    {
      name: '5,001 ids to link',
      method: 'PUT',
      url: '/fiscal-rules/products/link',
      who: 'admin',
      payload: { fiscalRuleId: ids.rule, uf: 'SP', productsId: Array(5001).fill(ids.product) },
      status: 400,
    },
  );

  // 7. Injections where the field has a shape (ids, e-mails, codes, rates): refused by the contract.
  const injections = [
    "' OR '1'='1",
    '1; DROP TABLE products; --',
    '../../etc/passwd',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe is sent as literal text
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
  ];
  for (const v of injections) {
    const q = encodeURIComponent(v);
    c.push(
      { name: `companyId ${v}`, method: 'GET', url: `/products?companyId=${q}`, who: 'member', status: 400 },
      { name: `aliqICMS ${v}`, method: 'GET', url: `/fiscal-rules/groupings?aliqICMS=${q}`, who: 'admin', status: 400 },
      { name: `e-mail ${v}`, method: 'POST', url: '/users/check', who: 'anon', payload: { email: v }, status: 400 },
    );
  }
  // 8. Dates, codes and enums with a shape.
  for (const [name, url, who] of [
    ['start date 2026-13-45', `/products?companyId=${sp}&startDate=2026-13-45&endDate=2026-12-31`, 'member'],
    ['start date as text', `/products?companyId=${sp}&startDate=ontem&endDate=hoje`, 'member'],
    ['ncm validity date', '/reference/ncm/22021000/validity?date=31/12/2026', 'member'],
    ['ncm code of letters', '/reference/ncm/ABCDEFGH', 'member'],
    ['cest fits without ncm', '/reference/cest/0300700/fits', 'member'],
    ['cest fits with a bad ncm', '/reference/cest/0300700/fits?ncm=xx', 'member'],
    ['cst type unknown', '/reference/cst?type=XYZ', 'member'],
    ['cClassTrib cst of 2 digits', '/reference/cclasstrib?cst=01', 'member'],
    ['groupings UF XX', '/fiscal-rules/groupings?uf=XX', 'admin'],
    ['product audits of a non-uuid', '/products/123/audits', 'member'],
    ['rule history of a non-uuid', '/fiscal-rules/products/abc/historic', 'member'],
    ['import errors of a non-uuid', '/products/import/abc/errors', 'member'],
    ['registry CNPJ of letters', '/companies/registry/ABCDEFGHIJKLMN', 'admin'],
    ['company of a non-uuid', '/companies/xyz', 'admin'],
    ['products field unknown', `/products?companyId=${sp}&field=senha`, 'member'],
    ['products pending=talvez', `/products?companyId=${sp}&pending=talvez`, 'member'],
  ] as const) {
    c.push({ name, method: 'GET', url, who, status: 400 });
  }
  c.push({ name: 'ncm code of 3 digits', method: 'GET', url: '/reference/ncm/123', who: 'member', status: 404 });
  c.push(
    {
      name: 'binding of a non-uuid product',
      method: 'POST',
      url: '/products/binding',
      who: 'member',
      payload: { productId: 'x', fiscalServiceProduct: '1' },
      status: 400,
    },
    {
      name: 'user with an unknown role',
      method: 'POST',
      url: '/users',
      who: 'admin',
      payload: { name: 'N', email: 'n@b.com', role: 'Rei' },
      status: 400,
    },
    {
      name: 'user with an invalid e-mail',
      method: 'POST',
      url: '/users',
      who: 'admin',
      payload: { name: 'N', email: 'não-é-email', role: 'Admin' },
      status: 400,
    },
    { name: 'delete of a non-uuid product', method: 'DELETE', url: '/products/abc', who: 'member', status: 400 },
  );
  c.push({
    name: 'aliqICMS=abc (used to list everything)',
    method: 'GET',
    url: '/fiscal-rules/groupings?aliqICMS=abc',
    who: 'admin',
    status: 400,
    detail: 'Alíquota de ICMS inválida: informe um percentual, como 18 ou 18,00.',
  });
  c.push({
    name: 'status enum: direction=sideways',
    method: 'GET',
    url: '/reference/cfop?direction=sideways',
    who: 'member',
    status: 400,
    detail: 'Direção inválida.',
  });
  c.push({
    name: 'export format PDF',
    method: 'GET',
    url: `/products/export?companyId=${sp}&format=PDF`,
    who: 'member',
    status: 400,
    detail: 'Formato inválido.',
  });
  return c;
}

const headersFor = (who: Case['who'], i: number): Record<string, string> => ({
  // Its own client address per case: the rate limits of one case never meet another's.
  'x-forwarded-for': `10.15.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  ...(who === 'admin' ? s.headers.admin : who === 'member' ? s.headers.member : {}),
});

describe('bad-input corpus: a Portuguese 4xx and nothing changed', () => {
  it('holds for at least 150 cases across every route family', async () => {
    const all = cases();
    expect(all.length).toBeGreaterThanOrEqual(150);
    const failures: string[] = [];
    const before = await fingerprint();
    for (const [i, k] of all.entries()) {
      const isJson = k.payload !== undefined && typeof k.payload !== 'string';
      const res = await ctx.app.inject({
        method: k.method,
        url: `/v1/public${k.url}`,
        headers: { ...headersFor(k.who, i), ...(isJson ? { 'content-type': 'application/json' } : {}), ...k.headers },
        payload: isJson ? JSON.stringify(k.payload) : (k.payload as string | undefined),
      });
      let detail = '';
      try {
        detail = res.json().detail ?? '';
      } catch {
        detail = `(não JSON) ${res.body.slice(0, 80)}`;
      }
      const okDetail =
        k.detail === undefined
          ? PORTUGUESE.test(detail) && !ENGLISH.test(detail)
          : typeof k.detail === 'string'
            ? detail === k.detail
            : k.detail.test(detail);
      if (res.statusCode !== k.status || !okDetail) failures.push(`${k.name} → ${res.statusCode} ${detail}`);
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('hostile and broken files to the import: 4xx in Portuguese, nothing written', async () => {
    const files: [string, Buffer | string, string | RegExp][] = [
      [
        'shared strings flood',
        await buildXlsx({
          sharedStrings: sharedStringsOf('', '<si><t>a</t></si>', 600_000),
          sheet: { text: SHEET_HEAD + SHEET_TAIL },
        }),
        'A planilha tem mais de 500.000 textos compartilhados.',
      ],
      [
        'zip bomb',
        await buildXlsx({ sheet: { head: SHEET_HEAD, chunk: ' ', repeat: 100 * 1024 * 1024, tail: SHEET_TAIL } }),
        /^A planilha tem um texto ou elemento com mais de/,
      ],
      [
        '1M columns',
        await buildXlsx({
          sheet: {
            head: `${SHEET_HEAD}<row>`,
            chunk: '<c><v>1</v></c>',
            repeat: 1_000_000,
            tail: `</row>${SHEET_TAIL}`,
          },
        }),
        'A planilha tem uma linha com mais de 256 colunas.',
      ],
      [
        'nested XML',
        await buildXlsx({ sheet: { head: SHEET_HEAD, chunk: '<a>', repeat: 10_000, tail: SHEET_TAIL } }),
        /aninhados demais/,
      ],
      [
        'XML with NUL reference',
        await buildXlsx({ sheet: { text: `${SHEET_HEAD}<row><c t="str"><v>&#0;</v></c></row>${SHEET_TAIL}` } }),
        'A planilha XLSX está corrompida ou não pôde ser lida.',
      ],
      [
        'truncated zip',
        Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]),
        'A planilha XLSX está corrompida ou não pôde ser lida.',
      ],
      ['NUL bytes in a CSV', Buffer.from('CodigoInterno;DescricaoProduto\r\n1;A\u0000B\r\n'), /.+/],
      ['UTF-16 CSV', Buffer.from('\ufeffCodigoInterno;DescricaoProduto\r\n1;A', 'utf16le'), /.+/],
      ['empty file', Buffer.alloc(0), 'O arquivo não possui produtos para importar.'],
    ];
    const before = await fingerprint();
    const failures: string[] = [];
    for (const [name, content, detail] of files) {
      const res = await uploadProductFile(
        ctx.app,
        s.companySP.id,
        { name: `${name}.xlsx`, content },
        { headers: s.headers.member },
      );
      const got = res.json().detail as string;
      const ok =
        res.statusCode >= 400 &&
        res.statusCode < 500 &&
        (typeof detail === 'string' ? got === detail : detail.test(got)) &&
        PORTUGUESE.test(got);
      if (!ok) failures.push(`${name} → ${res.statusCode} ${got}`);
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
    // The server is still up and answering.
    const up = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products?companyId=${s.companySP.id}`,
      headers: s.headers.member,
    });
    expect(up.statusCode).toBe(200);
  }, 120_000);
});

describe('errors raised before Fastify sees the request', () => {
  it('oversized headers (431) and a garbage request line (400) answer JSON in Portuguese', async () => {
    const { createConnection } = await import('node:net');
    const port = await (async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      return (ctx.app.server.address() as { port: number }).port;
    })();
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        let out = '';
        const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write(request));
        socket.on('data', (d) => {
          out += d;
        });
        socket.on('close', () => resolve(out));
        socket.on('error', () => resolve(out));
      });
    const big = await raw(`GET /v1/public/partners HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 431,
      code: 'VALIDATION',
      detail: 'Os cabeçalhos da requisição são grandes demais.',
    });
    const garbage = await raw('LIXO\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('"detail":"Requisição inválida."');
  });
});
