import { Worker } from 'node:worker_threads';
import { ZTaxCalculateNfeRequest } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { AppError } from '../../../lib/app-error.js';
import { calculateTaxNfe, SPLIT_FROM_LINES } from '../tax-nfe.service.js';
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
const invoice = (count: number, lines: object[] = kinds) =>
  ZTaxCalculateNfeRequest.parse({ operacao, itens: Array.from({ length: count }, (_, i) => lines[i % lines.length]) });

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
      const before = pool.partsDone;
      const shared = await calculateTaxNfe(ctx.db, req, pool);
      expect(pool.partsDone - before).toBe(count >= SPLIT_FROM_LINES ? 2 : 0);
      const alone = await calculateTaxNfe(ctx.db, req);
      expect(shared.equals(alone)).toBe(true);
    }
  });

  it('names the first refused line in order, whichever thread computed it', async () => {
    const noRate = { vProd: '10.00', icms: { cst: '00', pICMS: 12 }, ipi: { cst: '50' } };
    const late = invoice(300);
    late.itens[250] = ZTaxCalculateNfeRequest.parse({ operacao, itens: [noRate] }).itens[0]!;
    const expected = await refusal(calculateTaxNfe(ctx.db, late));
    expect(expected.errors?.[0]?.field).toBe('itens[250].ipi.pIPI');
    expect(await refusal(calculateTaxNfe(ctx.db, late, pool))).toEqual(expected);
    // One refused line in each part: the first in order is named.
    late.itens[3] = late.itens[250]!;
    const first = await refusal(calculateTaxNfe(ctx.db, late, pool));
    expect(first.errors?.[0]?.field).toBe('itens[3].ipi.pIPI');
    expect(first).toEqual(await refusal(calculateTaxNfe(ctx.db, late)));
  });

  it('computes a dead thread’s lines itself, and starts the thread again', async () => {
    const req = invoice(400);
    const alone = await calculateTaxNfe(ctx.db, req);
    const [thread] = pool.takeReady();
    void thread!.worker.terminate();
    const shared = await calculateTaxNfe(ctx.db, req, pool);
    expect(shared.equals(alone)).toBe(true);
    expect(failures.some((m) => m.includes('exited'))).toBe(true);
    await pool.start();
    expect(pool.takeReady()).toHaveLength(2);
  });

  it('stops starting threads that cannot load, and answers every invoice itself', async () => {
    const messages: string[] = [];
    const broken = new NfeLinesPool(
      1,
      (m) => messages.push(m),
      (options) => new Worker('throw new Error("sem módulo")', { ...options, eval: true }),
    );
    const req = invoice(100);
    const alone = await calculateTaxNfe(ctx.db, req);
    for (let i = 0; i < 5; i++) {
      expect((await calculateTaxNfe(ctx.db, req, broken)).equals(alone)).toBe(true);
      await broken.start();
    }
    expect(broken.threadCount).toBe(0);
    expect(messages).toHaveLength(3);
    expect(messages[2]).toContain('no more threads are started');
    await broken.close();
  });
});
