import type { TOperationStAgreement } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

/**
 * GET /tax/st-agreement, the ST calculator's lookup (issue 37, decision 065). Between states ST needs an agreement of
 * the two UFs (Convênio ICMS 142/2018, cláusula segunda). The row is written here: Protocolo ICMS 41/2008 (autopeças,
 * CEST segment 01) from SP to MG, https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08; the MVA is
 * the row's figure, carried as recorded.
 */
let ctx: TestContext;
let auth: Record<string, string>;
const URL = '/v1/public/tax/st-agreement';

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, member.id));
  // Independent of the bundled seed: both directions of the pair hold only the row written here.
  await ctx.db.execute(sql`DELETE FROM st_agreements WHERE uf_origem IN ('SP', 'MG') AND uf_destino IN ('SP', 'MG')`);
  await ctx.db.execute(sql`
    INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento, tem_acordo, instrumento, mva_original,
      vigencia_inicio, vigencia_fim, fonte_url, fonte_nota)
    VALUES ('SP', 'MG', '01', true, 'Protocolo ICMS 41/2008', 71.78, '2008-06-01', '2030-12-31',
      'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08', 'Cláusula primeira')`);
});

const ask = (query: string) => ctx.app.inject({ method: 'GET', url: `${URL}?${query}`, headers: auth });

describe('GET /tax/st-agreement', () => {
  it('answers the agreement of the pair for the CEST on the date, with MVA original, source and validity', async () => {
    const res = await ask('ufOrigem=SP&ufDestino=MG&cest=01.075.00&data=2026-03-10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TOperationStAgreement>()).toEqual({
      situacao: 'com-acordo',
      instrumento: 'Protocolo ICMS 41/2008',
      mvaOriginal: 71.78,
      fonte: {
        url: 'https://www.confaz.fazenda.gov.br/legislacao/protocolos/2008/pt041_08',
        nota: 'Cláusula primeira',
      },
      vigencia: { inicio: '2008-06-01', fim: '2030-12-31' },
    });
    // Today (no date) is inside the validity too.
    expect((await ask('ufOrigem=SP&ufDestino=MG&cest=0107500')).json().situacao).toBe('com-acordo');
  });

  it('answers sem-dados for the reverse pair, another segment or a date outside the validity', async () => {
    for (const q of [
      'ufOrigem=MG&ufDestino=SP&cest=0107500',
      'ufOrigem=SP&ufDestino=MG&cest=0302100',
      'ufOrigem=SP&ufDestino=MG&cest=0107500&data=2031-01-01',
    ]) {
      const res = await ask(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json()).toEqual({ situacao: 'sem-dados' });
    }
  });

  it('refuses a malformed CEST or UF with a Portuguese message naming the field', async () => {
    const res = await ask('ufOrigem=SP&ufDestino=MG&cest=123');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('CEST inválido');
    const uf = await ask('ufOrigem=XX&ufDestino=MG&cest=0107500');
    expect(uf.statusCode).toBe(400);
    expect(JSON.stringify(uf.json())).toContain('UF de origem inválida');
  });

  it('asks for a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}?ufOrigem=SP&ufDestino=MG&cest=0107500` });
    expect(res.statusCode).toBe(401);
  });
});
