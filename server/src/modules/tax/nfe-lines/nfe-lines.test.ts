import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { type TTaxCalculateNfeResponse, ZNfeEnvelope, ZTaxCalculateNfeRequest } from '@app/contract';
import { type NfeItemResult, sumNfeTotals } from '@app/tax-engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { AppError } from '../../../lib/app-error.js';
import { buildContextFrom } from '../tax-context.js';
import { readCalculationFacts, readSharedFacts } from '../tax-facts-cache.js';
import { calculateTaxNfeFromBody, SPLIT_FROM_LINES } from '../tax-nfe.service.js';
import { NfeLinesPool } from './nfe-lines-pool.js';

/**
 * Whole invoices whose lines are shared with threads (decision 050) must answer byte for byte what one thread
 * answers: the same lines, in order, the same totals, the same first refused line.
 */
let ctx: TestContext;
const failures: string[] = [];
const pool = new NfeLinesPool(2, (message) => failures.push(message));

/** Everyday lines of different kinds (ST with adjusted MVA and FCP-ST, reduction, deferral, relief, IPI, CBS/IBS). */
const kinds = [
  {
    vProd: '1000.00',
    vFrete: '50.00',
    icms: { cst: '10', pICMS: 12, pMVAST: 50, ajustarMva: true, pICMSST: 20, pFCPST: 2 },
    ipi: { cst: '50', pIPI: 5 },
    pis: { cst: '01', pPIS: 1.65 },
    cofins: { cst: '01', pCOFINS: 7.6 },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
  { vProd: '349.90', vDesc: '10.00', icms: { cst: '00', pICMS: 12 }, ibscbs: { cst: '000', cClassTrib: '000001' } },
  { vProd: '89.50', icms: { cst: '20', pICMS: 12, pRedBC: '33.33' } },
  { vProd: '1200.00', vSeg: '12.00', icms: { cst: '90', pICMS: 12 }, ipi: { cst: '50', pIPI: 10 } },
  { vProd: '700.00', icms: { cst: '51', pICMS: 12, pDif: '33.3333' } },
  { vProd: 200, icms: { cst: '40', pICMS: 12, motDesICMS: '9' } },
  { vProd: '0.07', vOutro: '1.13', icms: { cst: '00', pICMS: 12 }, pis: { cst: '01', pPIS: 0.65 } },
];
const operacao = { ufOrigem: 'SP', ufDestino: 'RJ', consumidorFinal: false, contribuinte: true, data: '2026-06-01' };
/** A body as the route has it once Fastify checked the operação and the count: the items not yet checked. */
const invoice = (count: number) =>
  ZNfeEnvelope.parse({ operacao, itens: Array.from({ length: count }, (_, i) => kinds[i % kinds.length]) });

const refusal = async (run: Promise<unknown>) => {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { message: (err as AppError).message, errors: (err as AppError).errors };
};

beforeAll(async () => {
  ctx = await createTestApp();
  await pool.start();
});
afterAll(() => pool.close());

describe('whole invoices computed in parts by threads', () => {
  it('answers the same bytes as one thread, for every size around the split', async () => {
    for (const count of [1, SPLIT_FROM_LINES - 1, SPLIT_FROM_LINES, 301, 990]) {
      const req = invoice(count);
      const before = pool.chunksDone;
      const shared = await calculateTaxNfeFromBody(ctx.db, req, pool);
      // How many chunks the threads took depends on their speed; below the split they get none.
      if (count < SPLIT_FROM_LINES) expect(pool.chunksDone).toBe(before);
      if (count === 990) expect(pool.chunksDone).toBeGreaterThan(before);
      const alone = await calculateTaxNfeFromBody(ctx.db, req);
      expect(shared.equals(alone)).toBe(true);
    }
  });

  it('names the first refused line in order, whichever thread computed it', async () => {
    const noRate = { vProd: '10.00', icms: { cst: '00', pICMS: 12 }, ipi: { cst: '50' } };
    const late = invoice(300);
    late.itens[250] = noRate;
    const expected = await refusal(calculateTaxNfeFromBody(ctx.db, late));
    expect(expected.errors?.[0]?.field).toBe('itens[250].ipi.pIPI');
    expect(await refusal(calculateTaxNfeFromBody(ctx.db, late, pool))).toEqual(expected);
    // One refused line in each part: the first in order is named.
    late.itens[3] = late.itens[250]!;
    const first = await refusal(calculateTaxNfeFromBody(ctx.db, late, pool));
    expect(first.errors?.[0]?.field).toBe('itens[3].ipi.pIPI');
    expect(first).toEqual(await refusal(calculateTaxNfeFromBody(ctx.db, late)));
  });

  it('answers without a thread that was stopped, and starts the thread again', async () => {
    const req = invoice(400);
    const alone = await calculateTaxNfeFromBody(ctx.db, req);
    const [thread] = pool.takeReady();
    void thread!.worker.terminate();
    const shared = await calculateTaxNfeFromBody(ctx.db, req, pool);
    expect(shared.equals(alone)).toBe(true);
    await vi.waitFor(() => expect(failures.some((m) => m.includes('exited'))).toBe(true));
    await pool.start();
    expect(pool.takeReady()).toHaveLength(2);
  });

  it('computes the chunks a thread claimed and died with', async () => {
    // A thread that claims the last three chunks, says how many it got, and exits without computing them.
    const claimed: number[] = [];
    const dying = new NfeLinesPool(
      1,
      () => {},
      (options) => {
        const worker = new Worker(
          `const { parentPort } = require('node:worker_threads');
        parentPort.on('message', (job) => {
          const states = new Int32Array(job.claims);
          let got = 0;
          for (let c = job.chunkCount - 1; c >= job.chunkCount - 3; c--)
            if (Atomics.compareExchange(states, c, 0, job.party) === 0) got++;
          parentPort.postMessage({ id: -1, got });
          setTimeout(() => process.exit(1), 5);
        });
        parentPort.postMessage({ ready: true });`,
          { ...options, eval: true },
        );
        worker.on('message', (m: { got?: number }) => m.got !== undefined && claimed.push(m.got));
        return worker;
      },
    );
    await dying.start();
    const req = invoice(990);
    const alone = await calculateTaxNfeFromBody(ctx.db, req);
    expect((await calculateTaxNfeFromBody(ctx.db, req, dying)).equals(alone)).toBe(true);
    // Two jobs reach it (the back quarter, then the middle half, until it exits): only the first found the last three
    // chunks free.
    expect(claimed[0]).toBe(3);
    expect(claimed.slice(1).every((got) => got === 0)).toBe(true);
    await dying.close();
  });

  it('does not wait for a thread that never takes a chunk', async () => {
    // Ready, then busy for ever: the request's thread computes every chunk and answers.
    const stuck = new NfeLinesPool(
      1,
      () => {},
      (options) =>
        new Worker(
          `const { parentPort } = require('node:worker_threads');
        parentPort.once('message', () => { const end = Date.now() + 60_000; while (Date.now() < end); });
        parentPort.postMessage({ ready: true });`,
          { ...options, eval: true },
        ),
    );
    await stuck.start();
    const req = invoice(300);
    expect((await calculateTaxNfeFromBody(ctx.db, req, stuck)).equals(await calculateTaxNfeFromBody(ctx.db, req))).toBe(
      true,
    );
    expect(stuck.chunksDone).toBe(0);
    await stuck.close();
  });

  it('checks the items in the chunks of whoever claims them: the same refusals as the full schema', async () => {
    const raw = (count: number) => ({
      operacao,
      itens: Array.from({ length: count }, (_, i): object => kinds[i % kinds.length]!),
    });
    // Refused by the item schema in the back, the middle and the front of the lines: all named, in order.
    const badCst = { vProd: '10.00', icms: { cst: '41x', pICMS: 12 } };
    const withBad = raw(400);
    withBad.itens[350] = badCst;
    withBad.itens[150] = badCst;
    withBad.itens[5] = badCst;
    const err = await calculateTaxNfeFromBody(ctx.db, ZNfeEnvelope.parse(withBad), pool).then(
      () => null,
      (e: unknown) => e as { statusCode: number; validation: { instancePath: string; message: string }[] },
    );
    const issues = ZTaxCalculateNfeRequest.safeParse(withBad).error!.issues;
    expect(err?.statusCode).toBe(400);
    expect(err?.validation.map((v) => [v.instancePath, v.message])).toEqual(
      issues.map((i) => [`/${i.path.join('/')}`, i.message]),
    );
    expect(err?.validation[0]?.instancePath).toMatch(/^\/itens\[5\]/);
    // Refused by the tables in the back, the middle and the front: every item named, in order.
    const unknownCode = {
      vProd: '10.00',
      icms: { cst: '00', pICMS: 12 },
      ibscbs: { cst: '000', cClassTrib: '000999' },
    };
    const withUnknown = raw(400);
    withUnknown.itens[350] = unknownCode;
    withUnknown.itens[200] = unknownCode;
    withUnknown.itens[3] = unknownCode;
    const facts = await refusal(calculateTaxNfeFromBody(ctx.db, ZNfeEnvelope.parse(withUnknown), pool));
    expect(facts.errors?.map((e) => e.field)).toEqual([
      'itens[3].ibscbs.cClassTrib',
      'itens[200].ibscbs.cClassTrib',
      'itens[350].ibscbs.cClassTrib',
    ]);
    expect(facts).toEqual(await refusal(calculateTaxNfeFromBody(ctx.db, ZNfeEnvelope.parse(withUnknown))));
    // The item schema's refusal in a front chunk comes before the tables' in later ones, as in the full schema.
    withUnknown.itens[5] = badCst;
    const first = await calculateTaxNfeFromBody(ctx.db, ZNfeEnvelope.parse(withUnknown), pool).then(
      () => null,
      (e: unknown) => e as { validation?: unknown[] },
    );
    expect(first?.validation).toHaveLength(issues.filter((i) => String(i.path[0]) === 'itens[5]').length);
  });

  it('builds each shared fact once: the lines hold the same objects', async () => {
    const req = ZTaxCalculateNfeRequest.parse(invoice(500));
    const readFacts = await readCalculationFacts(ctx.db);
    const contexts = req.itens.map((item) =>
      buildContextFrom(readFacts, { operacao: req.operacao, item }, '2026-06-01'),
    );
    expect(contexts[7]!.origin).toBe(contexts[0]!.origin);
    expect(contexts[7]!.destination).toBe(contexts[0]!.destination);
    expect(contexts[7]!.cbsIbsRates).toBe(contexts[0]!.cbsIbsRates);
    expect(contexts[7]!.classTrib).toBe(contexts[0]!.classTrib);
    // Written out, the shared objects count once (a clone writes one already written as a reference): ≈ 37 kB
    // here, ≈ 820 kB with a copy per line.
    expect(serialize(contexts).length).toBeLessThan(100_000);
  });

  it('sums the totals from what each line keeps of its item, wherever it was computed', async () => {
    // vII with three decimals and a comma, deductions asked for and not: what the totals read of the request items.
    const extra = [
      { vProd: '150.00', vII: '12,345', vOutro: 3, icms: { cst: '00', pICMS: 12 } },
      { vProd: 200, icms: { cst: '40', pICMS: 12, motDesICMS: '9', indDeduzDeson: 0 } },
      { vProd: 300, icms: { cst: '40', pICMS: 12, motDesICMS: '9', indDeduzDeson: 1 } },
    ];
    const body = { operacao, itens: Array.from({ length: 300 }, (_, i) => [...kinds, ...extra][i % 10]) };
    const before = pool.chunksDone;
    const shared = await calculateTaxNfeFromBody(ctx.db, ZNfeEnvelope.parse(body), pool);
    expect(pool.chunksDone).toBeGreaterThan(before);
    const out = JSON.parse(shared.toString()) as TTaxCalculateNfeResponse;
    // The engine's own sum, on the request's items as the full schema reads them and the answers' figures.
    const items = ZTaxCalculateNfeRequest.parse(body).itens;
    expect(out.total).toEqual(sumNfeTotals(items, out.itens as unknown as NfeItemResult[]));
    expect(out.total.ICMSTot.vII).toBe(370.5);
  });

  it("computes with the facts of the moment: a thread is sent a new snapshot's text", async () => {
    const difal = ZNfeEnvelope.parse({
      operacao: { ufOrigem: 'SP', ufDestino: 'MG', consumidorFinal: true, contribuinte: false, data: '2026-06-01' },
      itens: Array.from({ length: 990 }, () => ({ vProd: 1000, icms: { cst: '00', pICMS: 12 } })),
    });
    // Every line's DIFAL of invoices until the threads computed some of them (the first invoice after a new snapshot
    // may be over before a thread has read its text).
    const destinationShares = async () => {
      const before = pool.chunksDone;
      const shares = new Set<number>();
      for (let i = 0; i < 5 && pool.chunksDone === before; i++) {
        const out = JSON.parse((await calculateTaxNfeFromBody(ctx.db, difal, pool)).toString());
        for (const line of (out as TTaxCalculateNfeResponse).itens) shares.add(line.vICMSUFDest);
      }
      expect(pool.chunksDone).toBeGreaterThan(before);
      return shares;
    };
    const { rows } = await ctx.database.pool.query("SELECT internal_rate::text AS r FROM ref_uf_rates WHERE uf = 'MG'");
    // MG is base dupla (uf-rules.test.ts): 73.17 with 18 %, 100.00 with 20 %.
    expect(await destinationShares()).toEqual(new Set([73.17]));
    await ctx.database.pool.query("UPDATE ref_uf_rates SET internal_rate = internal_rate + 2 WHERE uf = 'MG'");
    try {
      await new Promise((r) => setTimeout(r, 1100));
      expect(await destinationShares()).toEqual(new Set([100]));
    } finally {
      await ctx.database.pool.query("UPDATE ref_uf_rates SET internal_rate = $1 WHERE uf = 'MG'", [rows[0].r]);
    }
  });

  it('sends the snapshot again to a thread that failed without it', async () => {
    const req = invoice(990);
    const alone = await calculateTaxNfeFromBody(ctx.db, req);
    const fresh = new NfeLinesPool(1);
    await fresh.start();
    const [thread] = fresh.takeReady();
    // As if it had been sent the snapshot already: its jobs come without the text, and fail.
    thread!.factsId = (await readSharedFacts(ctx.db)).id;
    expect((await calculateTaxNfeFromBody(ctx.db, req, fresh)).equals(alone)).toBe(true);
    expect(fresh.chunksDone).toBe(0);
    await vi.waitFor(() => expect(thread!.factsId).toBeUndefined());
    // The next invoices send it (the first may be over before the thread has read it).
    for (let i = 0; i < 5 && fresh.chunksDone === 0; i++)
      expect((await calculateTaxNfeFromBody(ctx.db, req, fresh)).equals(alone)).toBe(true);
    expect(fresh.chunksDone).toBeGreaterThan(0);
    await fresh.close();
  });

  it('stops starting threads that cannot load, and answers every invoice itself', async () => {
    const messages: string[] = [];
    const broken = new NfeLinesPool(
      1,
      (m) => messages.push(m),
      (options) => new Worker('throw new Error("sem módulo")', { ...options, eval: true }),
    );
    const req = invoice(100);
    const alone = await calculateTaxNfeFromBody(ctx.db, req);
    for (let i = 0; i < 5; i++) {
      expect((await calculateTaxNfeFromBody(ctx.db, req, broken)).equals(alone)).toBe(true);
      await broken.start();
    }
    expect(broken.threadCount).toBe(0);
    expect(messages).toHaveLength(3);
    expect(messages[2]).toContain('no more threads are started');
    await broken.close();
  });
});
