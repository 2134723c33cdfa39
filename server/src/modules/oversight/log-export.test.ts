import { buffer } from 'node:stream/consumers';
import { todayInBrazil } from '@app/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner } from '../../db/factories.js';
import { neutralise } from '../products/export/export-writers.js';
import { findLogTextPage, type LogKey, type LogTextRow } from './log-export.repository.js';
import { describeSnapshot, logTextRowValues, writeLogXlsx } from './log-writer.js';
import { logWhere } from './logs.repository.js';
import { type Cell, rowXml } from './xlsx-stream.js';

let ctx: TestContext;
let where: ReturnType<typeof logWhere>;

const long = (n: number, s: string) => s.repeat(n);
/** [created_at, description, actor, entity, company?, before, after] — values where SQL and JavaScript could differ. */
const tricky: [string, string, string | null, string | null, 'own' | 'none' | 'gone', unknown, unknown][] = [
  // midnight in São Paulo, summer time starting (2018-11-04 00:00 → 01:00) and ending (2019-02-17 00:00 → 23:00)
  ['2018-11-04T02:59:59.999999Z', 'Produto cadastrado', 'Dona Ação', 'P1', 'own', null, { a: 1 }],
  ['2018-11-04T03:00:00Z', '=HYPERLINK("x")', '+soma', '-1', 'own', 'null', {}],
  ['2019-02-17T01:59:59.9996Z', 'Descrição "aspas" & <tags>', '@arroba', '\tTab', 'none', {}, { a: null }],
  ['2019-02-17T02:00:00Z', ' espaço nas pontas ', '\rretorno', ' ', 'gone', { d: 'ÁGUA MINERAL çãõ ñ' }, 'null'],
  ['2026-03-05T02:59:59Z', 'controle \u0001\u0002 e \u000b', null, null, 'own', { x: 'diz "oi" & <b> \'ok\'' }, 1],
  ['2026-03-05T03:00:00Z', 'Produto', 'Dona', 'P2', 'own', { rules: ['SP'], o: { k: [1, 2.5] } }, ['SP', null]],
  ['2026-03-05T03:00:00Z', 'mesmo instante, id maior', 'Dona', 'P3', 'own', 'texto', '=1+2'],
  ['2026-03-05T03:00:00.000001Z', 'Produto', 'Dona', 'P4', 'own', { '=x': 'y' }, { ' lead': 'x', b: 'fim\u00a0' }],
  ['2026-03-05T03:00:00.000002Z', 'Produto', 'Dona', 'P5', 'own', { '1': 'a', b: 'c', '0': 'z' }, { '01': 1, x: -2 }],
  ['2026-03-05T12:00:00Z', 'Produto', 'Dona', 'P6', 'own', { ok: true, no: false, e: '😀 \u2028' }, { n: 'raw' }],
  ['2026-03-06T12:00:00Z', 'Produto', 'Dona', 'P7', 'own', long(17000, '😀'), { t: long(16500, 'x') }],
  ['2026-03-07T12:00:00Z', 'Produto', 'Dona', 'P8', 'own', { t: long(40000, 'ç') }, { t: long(15000, 'a') }],
  ['2026-03-08T12:00:00Z', 'Produto', 'Dona', 'P9', 'own', { t: ' ' }, { t: '-' }],
];
/** Numbers as JSON text (jsonb keeps their digits; JavaScript prints its doubles). */
const numbers = [
  '0',
  '-0',
  '1.50',
  '1e2',
  '0.1',
  '-0.5',
  '0.000001',
  '0.0000001',
  '123456789012345',
  '1234567890123456',
  '12345678901234567890',
  '1e21',
  '99999999.999999',
  '3.14159265358979323846',
  '1e400',
];

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db, { name: 'Parceiro "Log" & Cia' });
  const company = await createCompany(ctx.db, { partnerId: partner.id, nomeFantasia: '=EMPRESA LOG' });
  const insert = async (
    at: string,
    d: string,
    u: string | null,
    en: string | null,
    co: string,
    b: unknown,
    a: unknown,
  ) =>
    ctx.database.pool.query(
      `INSERT INTO audit_events (code, module, description, actor_name, partner_id, company_id, entity_id, before, after, created_at)
       VALUES (3001, 'Products', $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [
        d,
        u,
        partner.id,
        co === 'own' ? company.id : co === 'gone' ? '00000000-0000-4000-8000-000000000001' : null,
        en,
        b === null ? null : b === 'null' ? 'null' : JSON.stringify(b),
        a === null ? null : a === 'null' ? 'null' : JSON.stringify(a),
        at,
      ],
    );
  for (const [at, d, u, en, co, b, a] of tricky) await insert(at, d, u, en, co, b, a);
  for (const [i, n] of numbers.entries()) {
    await ctx.database.pool.query(
      `INSERT INTO audit_events (code, module, description, partner_id, before, after, created_at)
       VALUES (3002, 'Products', 'Números', $1, $2::jsonb, $3::jsonb, '2026-03-09T12:00:00Z'::timestamptz + $4 * interval '1 ms')`,
      [partner.id, `{"v": ${n}, "w": "x"}`, n, i],
    );
  }
  where = logWhere({ from: '2018-01-01', to: todayInBrazil(), codeRange: [3000, 3999], partnerId: partner.id });
});

/**
 * The oracle: the rows as the export before decision 030 wrote them — the event's timestamptz read as a Date and
 * formatted in São Paulo by Intl, the company's name or else its id — independent of findLogTextPage's SQL text.
 */
const brDateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
async function expectedXml(): Promise<string[]> {
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    SELECT e.created_at AS "createdAt", e.code, e.description, e.actor_name AS "actorName", p.name AS "partnerName",
      c.nome_fantasia AS "companyName", e.company_id AS "companyId", e.entity_id AS "entityId", e.before, e.after
    FROM audit_events e LEFT JOIN partners p ON p.id = e.partner_id LEFT JOIN companies c ON c.id = e.company_id
    WHERE ${where} ORDER BY e.created_at, e.id`);
  expect(res.rows).toHaveLength(tricky.length + numbers.length);
  const text = (v: unknown) => neutralise((v as string | null) ?? '');
  return res.rows.map((r, i) => {
    const cells: Cell[] = [
      brDateTime.format(new Date(r.createdAt as string)).replace(',', ''),
      r.code as number,
      text(r.description),
      text(r.actorName),
      text(r.partnerName),
      text(r.companyName ?? r.companyId),
      text(r.entityId),
      describeSnapshot(r.before),
      describeSnapshot(r.after),
    ];
    return rowXml(i + 2, cells);
  });
}

async function textPages(limit: number): Promise<LogTextRow[][]> {
  const pages: LogTextRow[][] = [];
  let after: LogKey | null = null;
  for (;;) {
    const page = await findLogTextPage(ctx.db, where, after, limit);
    if (page.length === 0) return pages;
    pages.push(page);
    after = { key: page.at(-1)!.key, id: page.at(-1)!.id };
  }
}

const xmlOf = (pages: LogTextRow[][]) => pages.flat().map((r, i) => rowXml(i + 2, logTextRowValues(r)));

describe('log export rows read with exact keys and local time from SQL', () => {
  it('are byte for byte the TypeScript formatting: dates, escapes, formulas, snapshots and numbers', async () => {
    const expected = await expectedXml();
    const pages = await textPages(1000);
    expect(pages).toHaveLength(1);
    expect(xmlOf(pages)).toEqual(expected);
    // spot checks, so a bug in both sides at once still shows
    expect(expected[0]).toContain('<t>03/11/2018 23:59:59</t>');
    expect(expected[1]).toContain(
      '<t>04/11/2018 01:00:00</t></is></c><c><v>3001</v></c><c t="inlineStr"><is><t>\'=HYPERLINK(&quot;x&quot;)',
    );
    expect(expected[3]).toContain('<t>16/02/2019 23:00:00</t>');
  });

  it('pages by exact keys (microseconds, equal instants)', async () => {
    const expected = await expectedXml();
    const pages = await textPages(3);
    expect(pages).toHaveLength(Math.ceil(expected.length / 3));
    expect(xmlOf(pages)).toEqual(expected);
  });

  it('opens in exceljs with the texts users read', async () => {
    async function* pages() {
      for (const page of await textPages(4)) yield page.map(logTextRowValues);
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await buffer(writeLogXlsx(pages()))) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + tricky.length + numbers.length);
    expect(sheet.getRow(2).getCell(1).value).toBe('03/11/2018 23:59:59');
    expect(sheet.getRow(2).getCell(2).value).toBe(3001);
    expect(sheet.getRow(2).getCell(6).value).toBe("'=EMPRESA LOG");
    expect(sheet.getRow(3).getCell(3).value).toBe('\'=HYPERLINK("x")');
    expect(sheet.getRow(5).getCell(8).value).toBe('d: ÁGUA MINERAL çãõ ñ');
    expect(sheet.getRow(7).getCell(8).value).toBe('o: {"k":[1,2.5]}; rules: ["SP"]');
    expect(sheet.getRow(10).getCell(9).value).toBe('x: -2; 01: 1'); // jsonb's key order: shorter first
    // empty cells (no user, partner, entity, Antes) leave the next cells in their columns
    expect(sheet.getRow(4).getCell(8).value).toBeNull();
    expect(sheet.getRow(4).getCell(9).value).toBe('a: —');
    expect(sheet.getRow(6).getCell(4).value).toBeNull();
    expect(sheet.getRow(6).getCell(6).value).toBe("'=EMPRESA LOG");
    expect(sheet.getRow(6).getCell(9).value).toBe('1');
  });
});
