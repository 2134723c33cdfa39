import { readFileSync } from 'node:fs';
import { normalizeProductSearchText, type TProductListFilters, ZProductListQuery } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.js';
import { findExportPage } from '../../server/src/modules/products/export/export.repository.js';
import { searchGlobalProducts } from '../../server/src/modules/products/global/global-products.repository.js';
import { countListedProducts } from '../../server/src/modules/products/product-counts.repository.js';
import { findProductPage, listFilter, statusFilter } from '../../server/src/modules/products/products.repository.js';
import { stats, timeIt } from './measure.js';

export interface Http {
  base: string;
  headers: Record<string, string>;
}

/** Products-page cases: the 200 timed requests of each go through HTTP, then the same SQL raw. */
export const LIST_CASES: Record<string, Record<string, string>> = {
  'sem filtro (página 1)': {},
  'pendentes, página 3': { pending: 'true', page: '3' },
  'classificados + descrição "cafe"': { classified: 'true', field: 'description', text: 'cafe' },
  'código interno "P00123"': { field: 'internalCode', text: 'P00123' },
  'GTIN exato': { field: 'gtin', text: '7890000000078' },
  'atualizados nos últimos 30 dias': { startDate: daysAgo(30), endDate: daysAgo(0) },
};

function daysAgo(n: number) {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

export async function measureListHttp(http: Http, companyId: string, params: Record<string, string>, n = 200) {
  const url = `${http.base}/v1/public/products?${new URLSearchParams({ companyId, ...params })}`;
  const first = await fetch(url, { headers: http.headers });
  if (!first.ok) throw new Error(`GET /products ${first.status}: ${await first.text()}`);
  const body = (await first.json()) as { count: number; objects: unknown[] };
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const { ms } = await timeIt(async () => (await fetch(url, { headers: http.headers })).arrayBuffer());
    samples.push(ms);
  }
  return { count: body.count, rows: body.objects.length, ...stats(samples) };
}

/**
 * The count and page statements of the list service, run straight through pg (no HTTP, no auth): the
 * same calls as listProducts — the count from the per-company counters when the filters are only
 * statuses (0470), else counted; both at once on two pool connections.
 */
export async function measureListRaw(database: Database, companyId: string, params: Record<string, string>, n = 200) {
  const q = ZProductListQuery.parse({ companyId, ...params }) as TProductListFilters;
  const filters = { ...q, text: normalizeProductSearchText(q.field, q.text) };
  const where = listFilter(companyId, filters, true);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const { ms } = await timeIt(() =>
      Promise.all([
        countListedProducts(database.db, companyId, filters, true),
        findProductPage(database.db, where, q.page),
      ]),
    );
    samples.push(ms);
  }
  return stats(samples);
}

export const SIMILAR_TEXTS = [
  'agua mineral',
  'cafe torado pilao',
  'refrigerante cola zero',
  'biscoito recheado morango',
  'sabonete neutro',
  'cerveja pilsen',
  'lampada led',
  'feijao carioca sao jorge',
  'papel higienico familia',
  'queijo mussarela',
];

export async function measureSimilarHttp(http: Http, companyId: string, rounds = 3) {
  const samples: number[] = [];
  const counts: Record<string, number> = {};
  for (let r = 0; r < rounds; r++) {
    for (const text of SIMILAR_TEXTS) {
      const url = `${http.base}/v1/public/products/global?${new URLSearchParams({
        companyId,
        uf: 'SP',
        field: 'Descrição',
        searchPattern: 'SIMILAR',
        text,
      })}`;
      const { ms, value } = await timeIt(async () => {
        const res = await fetch(url, { headers: http.headers });
        if (!res.ok) throw new Error(`GET /products/global ${res.status}: ${await res.text()}`);
        return (await res.json()) as { pages: number; objects: unknown[] };
      });
      counts[text] = value.pages;
      samples.push(ms);
    }
  }
  return { pagesPerText: counts, ...stats(samples) };
}

export async function measureSimilarRaw(database: Database, companyId: string, rounds = 3) {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const text of SIMILAR_TEXTS) {
      const { ms } = await timeIt(() =>
        searchGlobalProducts(database.db, {
          uf: 'SP',
          field: 'Descrição',
          pattern: 'SIMILAR',
          text,
          page: 1,
          companyId,
        }),
      );
      samples.push(ms);
    }
  }
  return stats(samples);
}

/** The export download read to its last byte (time, size). */
export async function measureExportHttp(http: Http, companyId: string, format: 'XLSX' | 'CSV') {
  const url = `${http.base}/v1/public/products/export?${new URLSearchParams({ companyId, format })}`;
  const t = performance.now();
  const res = await fetch(url, { headers: http.headers });
  if (!res.ok) throw new Error(`GET /products/export ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - t;
    bytes += chunk.length;
  }
  return {
    ms: Math.round(performance.now() - t),
    firstByteMs: Math.round(firstByteMs),
    mb: +(bytes / 1048576).toFixed(1),
  };
}

/** The export's page queries alone (what the database costs of the export). */
export async function measureExportRaw(database: Database, companyId: string) {
  const where = sql`p.company_id = ${companyId} AND ${statusFilter({}, true)}`;
  let after: string | null = null;
  let rows = 0;
  const { ms } = await timeIt(async () => {
    for (;;) {
      const page = await findExportPage(database.db, where, 'SP', after, 2000);
      rows += page.length;
      if (page.length < 2000) return;
      after = page[page.length - 1]!.id;
    }
  });
  return { ms: Math.round(ms), rows };
}

export async function importHttp(http: Http, companyId: string, file: string) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'bench-import.csv');
  const url = `${http.base}/v1/public/products/import?companyId=${companyId}&ignoreHeader=false`;
  const res = await fetch(url, { method: 'POST', headers: http.headers, body: form });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`POST /products/import ${res.status}: ${JSON.stringify(body)}`);
  delete body.invalidLines;
  return body;
}
