import { Worker } from 'node:worker_threads';
import type { TNfeValidationResponse } from '@app/contract';
import { el, nodeToXml, type SampleNfe, sampleNfe, type XNode } from '@app/tax-engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { AppError } from '../../lib/app-error.js';
import { placeholderSignature } from './nfe-schema.js';
import { nfeSchemaCheck, SchemaChecker } from './nfe-schema-check.js';

// The XSD check in its own thread beside the rule book (decision 073): the same answers as the in-process check
// (MOC 7.0 rule D01, rejection 225 naming the path), a crash or a check that does not finish costs only the checks
// waiting (503 in Portuguese) and the next one starts a new thread, and parallel requests each get their own answer.
const URL = '/v1/public/nfe/validate';
let ctx: TestContext;
let auth: Record<string, string>;

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
const xmlOf = (s: SampleNfe, edit?: (t: XNode) => void) => {
  const t = sampleNfe(s);
  edit?.(t);
  return `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(t)}`;
};
const withItems = (n: number): SampleNfe => ({ ...base, items: Array.from({ length: n }, () => base.items[0]!) });
/** Item `n`'s xProd made blank (xProd is 1–120 characters of TString: a schema error at that item only). */
const blankName = (xml: string, n: number) => {
  let seen = 0;
  return xml.replace(/<xProd>[^<]*<\/xProd>/g, (m) => (++seen === n ? '<xProd>   </xProd>' : m));
};
const post = (payload: string, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: URL + query,
    headers: { ...auth, 'content-type': 'application/xml' },
    payload,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
});

describe('POST /nfe/validate with the XSD check in its thread', () => {
  it('runs the check in the thread: an invalid field is 225 with its path, a malformed body 400', async () => {
    expect(ctx.app.config.nfeSchemaThread).toBe(true);
    const body = (await post(blankName(xmlOf(withItems(3)), 2))).json<TNfeValidationResponse>();
    expect(nfeSchemaCheck.threadId).not.toBeNull();
    expect(body.valida).toBe(false);
    expect(body.rejeicoes).toMatchObject([
      { codigo: '225', regra: 'D01', campo: 'NFe/infNFe/det[nItem=2]/prod/xProd', nItem: 2 },
    ]);
    // A control character: the tree scanner lets it through, libxml2 (in the thread) refuses the body (decision 070).
    const bad = await post(xmlOf(base).replace('<xProd>', '<xProd>\u0001'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('bem formado');
  });

  it('the same findings as the check in the request thread (NFE_SCHEMA_THREAD=0)', async () => {
    const xml = blankName(xmlOf(withItems(4)), 3).replace('<cEAN>SEM GTIN</cEAN>', '<cEAN>123</cEAN>');
    const threaded = (await post(xml)).json<TNfeValidationResponse>();
    const inProcess = new SchemaChecker({ thread: false, timeoutMs: 1000 });
    const bytes = Buffer.from(xml.replace('</NFe>', `${placeholderSignature}</NFe>`));
    const direct = await inProcess.check(bytes, 'PL_010_V1.30', 200);
    expect(direct.length).toBeGreaterThanOrEqual(2);
    expect(threaded.rejeicoes.filter((r) => r.codigo === '225').map((r) => r.encontrado)).toEqual(
      direct.map((e) => e.mensagem),
    );
  });

  it('a signature followed by a comment: the guess made before reading is corrected (signed, not spliced)', async () => {
    const signed = (comment: string) =>
      xmlOf(base, (t) => t.children.push(el('Signature', []))).replace('</NFe>', `${comment}</NFe>`);
    const plain = (await post(signed(''))).json<TNfeValidationResponse>();
    const commented = (await post(signed('<!-- assinatura acima -->'))).json<TNfeValidationResponse>();
    expect(commented.assinada).toBe(true);
    // An empty ds:Signature is not the xmldsig structure, and no placeholder was added beside it.
    expect(commented.rejeicoes.map((r) => r.encontrado)).toEqual(plain.rejeicoes.map((r) => r.encontrado));
    expect(commented.rejeicoes.some((r) => r.codigo === '225')).toBe(true);
  });

  it('?data= before 06/10/2025 checks against PL_009 in the thread too', async () => {
    const body = (await post(xmlOf(base), '?data=2025-03-01')).json<TNfeValidationResponse>();
    expect(body.regras.esquema).toContain('PL_009');
    expect(body.rejeicoes.some((r) => r.codigo === '225' && r.encontrado?.includes('IBSCBS'))).toBe(true);
  });

  it('parallel requests each get the answer of their own document', async () => {
    const docs = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? xmlOf(withItems(5)) : blankName(xmlOf(withItems(5)), (i % 5) + 1),
    );
    const answers = await Promise.all(docs.map((d) => post(d)));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const body = res.json<TNfeValidationResponse>();
      if (i % 3 === 0) expect(body.rejeicoes).toEqual([]);
      else expect(body.rejeicoes.map((r) => r.nItem)).toEqual([(i % 5) + 1]);
    });
  });

  it('a thread that dies fails the request it had (503 in Portuguese); the next request starts a new thread', async () => {
    await post(blankName(xmlOf(base), 1));
    const before = nfeSchemaCheck.threadId;
    expect(before).not.toBeNull();
    // The thread is ended right after the request's check is posted to it (990 items, the layout's most: the check
    // takes longer than ending it), so it dies with that check waiting, as in a crash.
    const check = nfeSchemaCheck.check.bind(nfeSchemaCheck);
    vi.spyOn(nfeSchemaCheck, 'check').mockImplementationOnce((...args) => {
      const answer = check(...args);
      void nfeSchemaCheck.killThreadForTests();
      return answer;
    });
    // A comment keeps the fast path (decision 077) from proving it: libxml2 checks it, in the thread.
    const running = post(xmlOf(withItems(990)).replace('<infNFe', '<!-- ERP --><infNFe'));
    running.finally(() => vi.restoreAllMocks());
    const failed = await running;
    expect(failed.statusCode).toBe(503);
    expect(failed.json().detail).toContain('esquema XSD');
    const next = await post(blankName(xmlOf(withItems(2)), 1));
    expect(next.statusCode).toBe(200);
    expect(next.json<TNfeValidationResponse>().rejeicoes.map((r) => r.nItem)).toEqual([1]);
    expect(nfeSchemaCheck.threadId).not.toBeNull();
    expect(nfeSchemaCheck.threadId).not.toBe(before);
  });
});

describe('the schema checker', () => {
  const bytes = () => Buffer.from(xmlOf(withItems(50)).replace('</NFe>', `${placeholderSignature}</NFe>`));
  let checker: SchemaChecker | undefined;
  afterAll(() => checker?.close());

  it('a check that does not finish in time: 503 naming the wait, the next check answers', async () => {
    checker = new SchemaChecker({ thread: true, timeoutMs: 20_000 });
    expect(await checker.check(bytes(), 'PL_010_V1.30', 200)).toEqual([]);
    // 990 items take the thread tens of milliseconds: its answer cannot come before the 1 ms timer.
    const large = Buffer.from(xmlOf(withItems(990)).replace('</NFe>', `${placeholderSignature}</NFe>`));
    checker.options.timeoutMs = 1;
    const late = await checker.check(large, 'PL_010_V1.30', 200).catch((e: unknown) => e);
    checker.options.timeoutMs = 20_000;
    expect(late).toBeInstanceOf(AppError);
    expect(late).toMatchObject({ status: 503, message: expect.stringContaining('não terminou em 1 ms') });
    // It was the check the thread was running, past its own limit: the thread is stopped, unless its answer came in
    // the same instant (a loaded machine); when exactly is tested with a stand-in (nfe-schema-queue.test.ts).
    for (let i = 0; i < 100 && checker.threadId !== null; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await checker.check(bytes(), 'PL_010_V1.30', 200)).toEqual([]);
    expect(checker.threadId).not.toBeNull();
    expect(checker.pending).toBe(0);
  });

  it('a thread that cannot start fails the waiting checks; after three starts checks run in-process', async () => {
    const log: string[] = [];
    const broken = new SchemaChecker(
      { thread: true, timeoutMs: 20_000, log: (m) => log.push(m) },
      (options) => new Worker('throw new Error("sem módulo")', { ...options, eval: true }),
    );
    for (let i = 0; i < 3; i++) {
      expect(broken.inThread).toBe(true);
      await expect(broken.check(bytes(), 'PL_010_V1.30', 200)).rejects.toMatchObject({ status: 503 });
    }
    expect(broken.inThread).toBe(false);
    expect(log.at(-1)).toContain('checks run in-process');
    expect(await broken.check(bytes(), 'PL_010_V1.30', 200)).toEqual([]);
  });

  it('bytes that own their memory move to the thread; a view over a larger memory is copied', async () => {
    checker ??= new SchemaChecker({ thread: true, timeoutMs: 20_000 });
    const whole = bytes();
    const owned = new Uint8Array(whole);
    expect(await checker.check(owned, 'PL_010_V1.30', 200)).toEqual([]);
    expect(owned.byteLength).toBe(0);
    const larger = Buffer.alloc(whole.length + 100);
    whole.copy(larger);
    const view = larger.subarray(0, whole.length);
    expect(await checker.check(view, 'PL_010_V1.30', 200)).toEqual([]);
    expect(view.equals(whole)).toBe(true);
  });
});
