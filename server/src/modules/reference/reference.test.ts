import { describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { assertCestFitsNcm, assertNcmInForce, getUfRates } from './reference.service.js';

describe('reference lookups', async () => {
  const { app, db } = await createTestApp();
  const partner = await createPartner(db);
  const member = await createUser(db, { role: 'Member', partnerId: partner.id });
  const headers = bearer(await createSessionToken(db, member.id));
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: `/v1/public${url}`, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('documents the lookups in the OpenAPI', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      'ncm',
      'ncm/{code}',
      'ncm/{code}/validity',
      'cest',
      'cest/{code}/fits',
      'cfop',
      'cst',
      'sources',
    ]) {
      expect(paths).toContain(`/v1/public/reference/${p}`);
    }
  });

  it('refuses anonymous callers', async () => {
    for (const url of ['/reference/ncm?q=cavalo', '/reference/sources', '/reference/cst?type=ICMS']) {
      const res = await app.inject({ method: 'GET', url: `/v1/public${url}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it('searches NCM by code prefix, dots allowed', async () => {
    const { status, body } = await get('/reference/ncm?q=0101.2');
    expect(status).toBe(200);
    expect(body.map((n: { code: string }) => n.code)).toEqual(['01012100', '01012900']);
    expect(body[0]).toEqual({
      code: '01012100',
      description: 'Reprodutores de raça pura',
      fullDescription: 'Cavalos, asininos e muares, vivos - Cavalos - Reprodutores de raça pura',
      startDate: '2022-04-01',
      endDate: null,
    });
  });

  it('searches NCM by words without accents, best matches first', async () => {
    const { body } = await get('/reference/ncm?q=acucar&limit=10');
    expect(body.length).toBeGreaterThan(3);
    expect(body[0].description.toLowerCase()).toContain('açúcar');
    for (const n of body) expect(n.code).toHaveLength(8);
    const horses = (await get('/reference/ncm?q=cavalos%20reprodutores')).body;
    expect(horses[0].code).toBe('01012100');
    const typo = (await get('/reference/ncm?q=reprodutorez')).body;
    expect(typo.map((n: { code: string }) => n.code)).toContain('01012100');
    // the items named "cerveja…" come before the residues and tars that only mention beer (issue 13)
    const beer = (await get('/reference/ncm?q=cerveja')).body.map((n: { code: string }) => n.code);
    expect(beer.slice(0, 2).sort()).toEqual(['22029100', '22030000']);
  });

  it('tells whether an NCM is in force on a date', async () => {
    const before = await get('/reference/ncm/3913.90.50/validity?date=2026-09-30');
    expect(before.body).toEqual({ code: '39139050', inForce: true, startDate: '2022-04-01', endDate: '2026-09-30' });
    const after = await get('/reference/ncm/39139050/validity?date=2026-10-01');
    expect(after.body.inForce).toBe(false);
    const detail = await get('/reference/ncm/39139050?date=2026-10-01');
    expect(detail.body).toMatchObject({ code: '39139050', level: 8, parentCode: '391390', inForce: false });
    const missing = await get('/reference/ncm/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('NCM 9999.99.99 não encontrado na tabela oficial.');
    expect((await get('/reference/ncm/12ab')).status).toBe(400);
  });

  it('lists the CESTs that fit an NCM and checks one', async () => {
    const { body } = await get('/reference/cest?ncm=0403.10.00');
    const codes = body.map((c: { code: string }) => c.code);
    expect(codes.slice(0, 2)).toEqual(['1702100', '1702101']); // iogurte, prefix 0403
    expect(codes).not.toContain('0100100');
    expect((await get('/reference/cest/17.021.00/fits?ncm=04031000')).body).toEqual({ fits: true });
    expect((await get('/reference/cest/0100100/fits?ncm=04031000')).body).toEqual({ fits: false });
    expect((await get('/reference/cest/0100100/fits?ncm=38151210')).body).toEqual({ fits: true });
    expect((await get('/reference/cest/9999999/fits?ncm=38151210')).status).toBe(404);
  });

  it('lists CFOP, CST, cClassTrib, IPI framework, UF rates and sources', async () => {
    const cfopOut = (await get('/reference/cfop?direction=out&q=venda')).body;
    expect(cfopOut.length).toBeGreaterThan(10);
    expect(cfopOut.every((c: { direction: string }) => c.direction === 'out')).toBe(true);
    expect(cfopOut.map((c: { code: string }) => c.code)).toContain('5102');
    const csosn = (await get('/reference/cst?type=CSOSN')).body;
    expect(csosn.map((c: { code: string }) => c.code)).toEqual([
      '101',
      '102',
      '103',
      '201',
      '202',
      '203',
      '300',
      '400',
      '500',
      '900',
    ]);
    expect((await get('/reference/cst?type=IBSCBS')).body).toHaveLength(18);
    const reduced = (await get('/reference/cclasstrib?cst=200')).body;
    expect(reduced.length).toBe(54);
    expect(reduced.some((c: { pRedIbs: string }) => Number(c.pRedIbs) === 60)).toBe(true);
    expect((await get('/reference/ipi-enquadramento')).body).toHaveLength(129);
    const ufs = (await get('/reference/uf-rates')).body;
    expect(ufs).toHaveLength(27);
    expect(ufs.find((u: { uf: string }) => u.uf === 'MA')).toMatchObject({
      internalRate: 23,
      region: 'NE',
      ibge: '21',
    });
    expect(ufs.find((u: { uf: string }) => u.uf === 'RJ')).toMatchObject({ internalRate: 20, fcpRate: 2 });
    const sources = (await get('/reference/sources')).body;
    expect(sources).toHaveLength(16);
    expect(sources.find((s: { table: string }) => s.table === 'ncm')).toMatchObject({
      asOf: 'Vigente em 13/08/2026, Resolução Gecex nº 926/2026',
      fileName: 'ncm-siscomex.json',
      rowCount: 15156,
    });
  });

  it("lists a UF's cBenef codes in force and refuses an unknown UF", async () => {
    const sp = (await get('/reference/cbenef?uf=SP')).body as { code: string; uf: string; csts: string[] }[];
    expect(sp.length).toBeGreaterThan(200);
    expect(sp.every((c) => c.uf === 'SP' && c.code.startsWith('SP'))).toBe(true);
    expect(sp.find((c) => c.code === 'SP010010')).toMatchObject({
      csts: ['30', '40'],
      description: 'Isenção - ADJUDICAÇÃO EFETUADA PELO ESTADO (Artigo 001 do Anexo I do RICMS)',
    });
    // A code whose validity ended (PR800046 until 2022-08-01) is not offered.
    const pr = (await get('/reference/cbenef?uf=PR')).body as { code: string }[];
    expect(pr.length).toBeGreaterThan(100);
    expect(pr.map((c) => c.code)).not.toContain('PR800046');
    // A state without a loaded table answers an empty list, not another state's codes.
    expect((await get('/reference/cbenef?uf=GO')).body).toEqual([]);
    const bad = await get('/reference/cbenef?uf=XX');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('UF inválida.');
    expect((await get('/reference/cbenef')).status).toBe(400);
  });

  it('gives other modules assertions with the messages users read', async () => {
    await expect(assertNcmInForce(db, '0101.21.00', '2026-08-13')).resolves.toMatchObject({ code: '01012100' });
    await expect(assertNcmInForce(db, '01019999', '2026-08-13')).rejects.toMatchObject({
      status: 400,
      message: 'NCM 0101.99.99 não encontrado na tabela oficial.',
    });
    await expect(assertNcmInForce(db, '39139050', '2026-10-01')).rejects.toMatchObject({
      status: 400,
      message: 'NCM 3913.90.50 não está vigente em 01/10/2026.',
    });
    await expect(assertCestFitsNcm(db, '1702100', '04031000')).resolves.toBeUndefined();
    await expect(assertCestFitsNcm(db, '0100100', '04031000')).rejects.toMatchObject({
      status: 400,
      message: 'O CEST 0100100 não corresponde ao NCM 0403.10.00.',
    });
    const rates = await getUfRates(db);
    expect(rates.find((r) => r.uf === 'PI')?.internalRate).toBe(22.5);
  });
});
