import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TCnpjRegistryResult } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

/** publica.cnpj.ws answers as the real service writes them (masked subclass, nested objects). */
const answers: Record<string, unknown> = {
  '33000167000101': {
    cnpj_raiz: '33000167',
    razao_social: 'PETROLEO BRASILEIRO S A PETROBRAS',
    porte: { id: '05', descricao: 'Demais' },
    simples: { simples: 'Não', mei: 'Não' },
    estabelecimento: {
      cnpj: '33000167000101',
      nome_fantasia: 'PETROBRAS',
      situacao_cadastral: 'Ativa',
      atividade_principal: { id: '0600001', subclasse: '0600-0/01', descricao: 'Extração de petróleo e gás natural' },
      estado: { id: 19, nome: 'Rio de Janeiro', sigla: 'RJ', ibge_id: 33 },
      cidade: { id: 3243, nome: 'Rio de Janeiro', ibge_id: 3304557 },
      inscricoes_estaduais: [
        { inscricao_estadual: '111', ativo: false, estado: { sigla: 'RJ' } },
        { inscricao_estadual: '222', ativo: true, estado: { sigla: 'SP' } },
        { inscricao_estadual: '81281242', ativo: true, estado: { sigla: 'RJ' } },
      ],
    },
  },
  '11222333000181': {
    razao_social: 'MERCADINHO EXEMPLO LTDA',
    porte: { descricao: 'Micro Empresa' },
    simples: { simples: 'Sim', mei: 'Sim' },
    estabelecimento: {
      nome_fantasia: null,
      atividade_principal: { subclasse: '4712-1/00' },
      estado: { sigla: 'MG' },
      cidade: { nome: 'Belo Horizonte', ibge_id: 3106200 },
      situacao_cadastral: 'Ativa',
      inscricoes_estaduais: [],
    },
  },
  // No Simples record at all (the registry sends null).
  '12ABC34501DE35': { razao_social: 'ALFA NUMERICA SA', simples: null, estabelecimento: null },
};
const SLOW = '19131243000197';
const BROKEN = '60701190000104';

let ctx: TestContext;
let stub: http.Server;
let owner: Record<string, string>;
let member: Record<string, string>;
const requested: string[] = [];

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const cnpj = (req.url ?? '').split('/').pop() ?? '';
    requested.push(req.url ?? '');
    if (cnpj === SLOW) return; // never answers: the app's 5 s timeout must give up
    if (cnpj === BROKEN) {
      res.setHeader('content-type', 'application/json');
      res.end('{not json');
      return;
    }
    const body = answers[cnpj];
    res.setHeader('content-type', 'application/json');
    res.statusCode = body ? 200 : 404;
    res.end(JSON.stringify(body ?? { status: 404, titulo: 'Não Encontrado' }));
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  ctx = await createTestApp({ cnpjRegistryUrl: `http://127.0.0.1:${port}/cnpj/` });
  const partner = await createPartner(ctx.db);
  const o = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  const m = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  owner = bearer(await createSessionToken(ctx.db, o.id));
  member = bearer(await createSessionToken(ctx.db, m.id));
});

afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});

const lookup = (cnpj: string, headers = owner) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/companies/registry/${encodeURIComponent(cnpj)}`, headers });

describe('GET /companies/registry/:cnpj', () => {
  it('maps a publica.cnpj.ws answer (Petrobras, not Simples)', async () => {
    const res = await lookup('33.000.167/0001-01');
    expect(res.statusCode).toBe(200);
    expect(res.json<TCnpjRegistryResult>()).toEqual({
      found: true,
      cnpj: '33000167000101',
      razaoSocial: 'PETROLEO BRASILEIRO S A PETROBRAS',
      nomeFantasia: 'PETROBRAS',
      cnae: '0600001',
      uf: 'RJ',
      municipio: 'Rio de Janeiro',
      codigoIbge: '3304557',
      porte: 'Demais',
      simples: false,
      mei: false,
      situacaoCadastral: 'Ativa',
      inscricaoEstadual: '81281242',
    });
    expect(requested).toContain('/cnpj/33000167000101');
  });

  it('reads the Simples and MEI flags and tolerates missing fields', async () => {
    const res = await lookup('11222333000181');
    expect(res.json()).toMatchObject({
      found: true,
      cnpj: '11222333000181',
      nomeFantasia: null,
      cnae: '4712100',
      uf: 'MG',
      codigoIbge: '3106200',
      porte: 'Micro Empresa',
      simples: true,
      mei: true,
      inscricaoEstadual: null,
    });
    const alpha = await lookup('12.abc.345/01de-35');
    expect(alpha.json()).toMatchObject({ found: true, cnpj: '12ABC34501DE35', simples: false, mei: false, uf: null });
  });

  it('answers found:false when the registry does not know the CNPJ (404)', async () => {
    const res = await lookup('00000000000191');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ found: false });
  });

  it('answers found:false for an unreadable answer', async () => {
    expect((await lookup(BROKEN)).json()).toEqual({ found: false });
  });

  it('gives up after the 5 s timeout with found:false', { timeout: 15_000 }, async () => {
    const started = Date.now();
    const res = await lookup(SLOW);
    const elapsed = Date.now() - started;
    expect(res.json()).toEqual({ found: false });
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(6500);
  });

  it('refuses an invalid CNPJ with 400 and does not call the registry', async () => {
    const before = requested.length;
    const res = await lookup('11222333000182');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain('CNPJ inválido!');
    expect(requested.length).toBe(before);
  });

  it('is for staff only', async () => {
    expect((await lookup('33000167000101', member)).statusCode).toBe(403);
    expect((await lookup('33000167000101', {})).statusCode).toBe(401);
  });
});

describe('GET /companies/registry/:cnpj with the registry down', () => {
  it('answers found:false when nothing listens', async () => {
    const down = await createTestApp({ cnpjRegistryUrl: 'http://127.0.0.1:9/cnpj' });
    const u = await createUser(down.db, { role: 'Admin' });
    const res = await down.app.inject({
      method: 'GET',
      url: '/v1/public/companies/registry/33000167000101',
      headers: bearer(await createSessionToken(down.db, u.id)),
    });
    expect(res.json()).toEqual({ found: false });
  });
});
