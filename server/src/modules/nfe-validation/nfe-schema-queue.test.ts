import { Worker } from 'node:worker_threads';
import { nodeToXml, type SampleNfe, sampleNfe } from '@app/tax-engine';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { AppError } from '../../lib/app-error.js';
import { placeholderSignature } from './nfe-schema.js';
import { nfeSchemaCheck, SchemaCheckCancelled, SchemaChecker } from './nfe-schema-check.js';

// The schema thread's queue (decision 073): a refused body does not keep the thread busy, the queue has a ceiling
// (503 in Portuguese with Retry-After), a late check fails alone, and a thread is restarted only when the check it
// runs is stuck. Nothing a caller sends leaves a check waiting for ever.
const base: SampleNfe = {
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data: '2026-10-10',
  items: [
    {
      vProd: '1000.00',
      icms: { cst: '00', pICMS: '18' },
      pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  ],
};
const xmlOf = (items: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(sampleNfe({ ...base, items: Array(items).fill(base.items[0]) }))}`;
const signed = (items: number) => Buffer.from(xmlOf(items).replace('</NFe>', `${placeholderSignature}</NFe>`));

/**
 * A stand-in for the schema thread with the same messages: each job takes `max` ms of CPU (so that a test decides
 * how long), is skipped when cancelled, and the package "falha" answers as a trap inside libxml2 would.
 */
const standIn = (options: object) =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (job) => {
       if (Atomics.load(job.cancel, 0) === 1) return parentPort.postMessage({ id: job.id, skipped: true });
       if (job.pkg === 'falha') return parentPort.postMessage({ id: job.id, failed: 'RuntimeError: unreachable' });
       const end = Date.now() + job.max;
       while (Date.now() < end) {}
       parentPort.postMessage({ id: job.id, errors: [] });
     });
     parentPort.postMessage({ ready: true });`,
    { ...options, eval: true },
  );
const tiny = () => new Uint8Array(10);
const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('the schema checker queue', () => {
  const checkers: SchemaChecker[] = [];
  const make = (...args: ConstructorParameters<typeof SchemaChecker>) => {
    const c = new SchemaChecker(...args);
    checkers.push(c);
    return c;
  };
  afterEach(async () => {
    await Promise.all(checkers.splice(0).map((c) => c.close()));
  });

  it('a cancelled check is rejected at once and the thread skips it instead of running it', async () => {
    const checker = make({ thread: true, timeoutMs: 20_000 });
    expect(await checker.check(signed(1), 'PL_010_V1.30', 200)).toEqual([]);
    // The first check (990 items) keeps the thread busy while the second, queued behind it, is cancelled.
    const [a, b] = [signed(990), signed(990)];
    const first = checker.check(a, 'PL_010_V1.30', 200);
    const abort = new AbortController();
    const second = checker.check(b, 'PL_010_V1.30', 200, abort.signal).catch((e: unknown) => e);
    abort.abort();
    expect(await second).toBeInstanceOf(SchemaCheckCancelled);
    expect(checker.pending).toBe(1);
    expect(await first).toEqual([]);
    await until(() => checker.queuedBytes === 0);
    expect(checker.queuedBytes).toBe(0);
    expect(checker.skipped).toBe(1);
  });

  it('above the ceiling of pending checks or queued bytes: 503 in Portuguese with Retry-After', async () => {
    const checker = make({ thread: true, timeoutMs: 20_000, maxPending: 2 }, standIn);
    const held = [checker.check(tiny(), 'PL_010_V1.30', 300), checker.check(tiny(), 'PL_010_V1.30', 0)];
    const refused = await checker.check(tiny(), 'PL_010_V1.30', 0).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'NFE_SCHEMA_BUSY', retryAfterSeconds: 5 });
    expect((refused as Error).message).toContain('fila da verificação do esquema XSD');
    expect(await Promise.all(held)).toEqual([[], []]);
    expect(await checker.check(tiny(), 'PL_010_V1.30', 0)).toEqual([]);

    const bytes = make({ thread: true, timeoutMs: 20_000, maxQueuedBytes: 15 }, standIn);
    const one = bytes.check(tiny(), 'PL_010_V1.30', 300);
    await expect(bytes.check(tiny(), 'PL_010_V1.30', 0)).rejects.toMatchObject({ code: 'NFE_SCHEMA_BUSY' });
    expect(await one).toEqual([]);
  });

  it('a check late in the queue fails alone (503 naming its wait); the thread goes on and skips it', async () => {
    const checker = make({ thread: true, timeoutMs: 700 }, standIn);
    await checker.check(tiny(), 'PL_010_V1.30', 0);
    const thread = checker.threadId;
    // Each takes 450 ms, under the 700 ms limit of a running check: the second and third wait more than 700 ms.
    const runs = [0, 1, 2].map(() => checker.check(tiny(), 'PL_010_V1.30', 450).catch((e: unknown) => e));
    const [first, second, third] = await Promise.all(runs);
    expect(first).toEqual([]);
    for (const late of [second, third]) {
      expect(late).toMatchObject({ status: 503, code: 'NFE_SCHEMA_BUSY', retryAfterSeconds: 5 });
      expect((late as Error).message).toContain('não terminou em 700 ms');
    }
    await until(() => checker.queuedBytes === 0);
    expect(checker.skipped).toBe(1);
    expect(checker.threadId).toBe(thread);
    expect(await checker.check(tiny(), 'PL_010_V1.30', 0)).toEqual([]);
    expect(checker.threadId).toBe(thread);
  });

  it('a running check past its own limit: that thread is stopped (503) and the next check gets a new one', async () => {
    const checker = make({ thread: true, timeoutMs: 300 }, standIn);
    await checker.check(tiny(), 'PL_010_V1.30', 0);
    const thread = checker.threadId;
    const stuck = await checker.check(tiny(), 'PL_010_V1.30', 5000).catch((e: unknown) => e);
    expect(stuck).toMatchObject({ status: 503, message: expect.stringContaining('não terminou em 300 ms') });
    await until(() => checker.threadId === null);
    expect(checker.threadId).toBeNull();
    expect(await checker.check(tiny(), 'PL_010_V1.30', 0)).toEqual([]);
    expect(checker.threadId).not.toBe(thread);
  });

  it('bytes that cannot be posted (already moved) fail that check only: nothing left pending', async () => {
    const checker = make({ thread: true, timeoutMs: 20_000 });
    const bytes = new Uint8Array(signed(2));
    const first = checker.check(bytes, 'PL_010_V1.30', 200);
    // DataCloneError: the caller's mistake, told as it is (a 500), without leaking a pending check.
    const again = await checker.check(bytes, 'PL_010_V1.30', 200).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Error);
    expect(again).not.toBeInstanceOf(AppError);
    expect(checker.pending).toBe(1);
    expect(await first).toEqual([]);
    expect(checker.pending).toBe(0);
    const thread = checker.threadId;
    expect(await checker.check(signed(1), 'PL_010_V1.30', 200)).toEqual([]);
    expect(checker.threadId).toBe(thread);
  });

  it('a failure inside libxml2 is a 503 in Portuguese with Retry-After, not a 500', async () => {
    const log: string[] = [];
    const checker = make({ thread: true, timeoutMs: 20_000, log: (m) => log.push(m) }, standIn);
    const failed = await checker.check(tiny(), 'falha' as never, 0).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject({ status: 503, code: 'NFE_SCHEMA_UNAVAILABLE', retryAfterSeconds: 1 });
    expect((failed as Error).message).toContain('falhou no validador (libxml2)');
    expect(log.at(-1)).toContain('RuntimeError: unreachable');
  });

  it('after three failed starts checks run in-process only for the cool-down, then a thread is tried again', async () => {
    const broken = make({ thread: true, timeoutMs: 20_000, coolDownMs: 300 }, (options) => {
      return new Worker('throw new Error("sem módulo")', { ...options, eval: true });
    });
    for (let i = 0; i < 3; i++)
      await expect(broken.check(tiny(), 'PL_010_V1.30', 0)).rejects.toMatchObject({ status: 503 });
    expect(broken.inThread).toBe(false);
    await new Promise((r) => setTimeout(r, 350));
    expect(broken.inThread).toBe(true);
  });

  it('a thread closed before it is ready is not a failed start', async () => {
    const never = make({ thread: true, timeoutMs: 20_000 }, (options) => {
      return new Worker('setInterval(() => {}, 1000)', { ...options, eval: true });
    });
    for (let i = 0; i < 4; i++) {
      const waiting = never.check(tiny(), 'PL_010_V1.30', 0).catch((e: unknown) => e);
      await never.close();
      expect(await waiting).toMatchObject({ status: 503 });
    }
    expect(never.inThread).toBe(true);
  });
});

describe('POST /nfe/validate and the schema queue', () => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const partner = await createPartner(ctx.db);
    const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
    auth = bearer(await createSessionToken(ctx.db, user.id));
  });
  const post = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/public/nfe/validate',
      headers: { ...auth, 'content-type': 'application/xml' },
      payload,
    });

  it('refused bodies (model 57, 990 items) answer 400 and leave no check waiting in the thread', async () => {
    const refused = xmlOf(990).replace('<mod>55</mod>', '<mod>57</mod>');
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(refused)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(400));
    expect(answers[0]!.json().detail).toContain('modelo 57');
    expect(nfeSchemaCheck.pending).toBe(0);
    const valid = await post(xmlOf(2));
    expect(valid.statusCode).toBe(200);
    await until(() => nfeSchemaCheck.queuedBytes === 0);
    expect(nfeSchemaCheck.queuedBytes).toBe(0);
  });

  it('a full queue answers 503 in Portuguese with Retry-After', async () => {
    const max = nfeSchemaCheck.options.maxPending;
    nfeSchemaCheck.options.maxPending = 0;
    // A comment keeps the fast path (decision 077) from proving it valid: only libxml2's queue can answer it.
    const res = await post(xmlOf(1).replace('<infNFe', '<!-- ERP --><infNFe')).finally(() => {
      nfeSchemaCheck.options.maxPending = max;
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'NFE_SCHEMA_BUSY', detail: expect.stringContaining('tente novamente') });
    expect((await post(xmlOf(1))).statusCode).toBe(200);
  });
});
