import type { TSimulation, TSimulationProductsPage, TSimulationProductYears } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createProduct,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';
import { SIMULATION_JOB } from './simulation.codes.js';

/**
 * Interstate ST in the transition simulation (issue 37, decision 065): a run reads the st_agreements of its pair
 * once, as the operations query does. Between states ICMS-ST needs an agreement of the two UFs (Convênio ICMS
 * 142/2018, cláusula segunda); beer is CEST 03.021.00, segment 03 (Conv. 142/2018, Anexo III). The rows are written
 * here, independent of the bundled seed. A distributor in SP (regime normal) sells beer to a reseller in MG, whose
 * base rule puts beer under ST (CST 60, 18 %, IVA 70 %) but names no protocol of its own.
 */
let ctx: TestContext;
let auth: Record<string, string>;
let company: string;
const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/v1/public${url}`, headers: auth });
const dropPair = () =>
  ctx.db.execute(sql`DELETE FROM st_agreements WHERE uf_origem = 'SP' AND uf_destino = 'MG' AND cest_segmento = '03'`);

async function simulate(): Promise<{ sim: TSimulation; years: TSimulationProductYears }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/public/companies/${company}/transition-simulations`,
    headers: auth,
    payload: { ufDestino: 'MG', comprador: 'contribuinte', selecao: 'todos', anoInicial: 2026, anoFinal: 2026 },
  });
  expect(res.statusCode, res.body).toBe(202);
  await ctx.app.jobs.drain(SIMULATION_JOB);
  const sim = (await get(`/transition-simulations/${res.json<TSimulation>().id}`)).json<TSimulation>();
  expect(sim.status).toBe('Done');
  const page = (await get(`/transition-simulations/${sim.id}/products`)).json<TSimulationProductsPage>();
  const years = (
    await get(`/transition-simulations/${sim.id}/products/${page.items[0]!.productId}`)
  ).json<TSimulationProductYears>();
  return { sim, years };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  // CNAE 4635-4/02: beer wholesale — commerce, not an IPI taxpayer.
  const c = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', crt: 'RegimeNormal', cnae: '4635402' });
  company = c.id;
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(ctx.db, member.id, c.id);
  auth = bearer(await createSessionToken(ctx.db, member.id));
  const beer = { ncm: '22030000', cest: '0302100' };
  const sp = await createFiscalRule(ctx.db, {
    ...beer,
    uf: 'SP',
    version: { cstIcms: '60', aliqIcms: '18.0000', aliqIcmsSt: '18.0000', iva: '70.0000' },
  });
  await createFiscalRule(ctx.db, {
    ...beer,
    uf: 'MG',
    version: { cstIcms: '60', aliqIcms: '18.0000', aliqIcmsSt: '18.0000', iva: '70.0000' },
  });
  await createProduct(ctx.db, { companyId: c.id, fiscalRuleId: sp.id, internalCode: 'ST-001' });
});

describe('the simulated burden of an interstate sale reads the ST agreements', () => {
  it('under an agreement of SP and MG for segment 03: CST 10, the ST retained for MG is in the burden', async () => {
    await dropPair();
    await ctx.db.execute(sql`
      INSERT INTO st_agreements (uf_origem, uf_destino, cest_segmento, tem_acordo, instrumento, vigencia_inicio,
        fonte_url, fonte_nota)
      VALUES ('SP', 'MG', '03', true, 'Protocolo de teste 1/2019', '2019-01-01',
        'https://www.confaz.fazenda.gov.br/legislacao/protocolos', 'linha de teste')`);
    const { sim, years } = await simulate();
    const icms = years.item!.item.icms;
    expect(icms).toMatchObject({ cst: '10', pICMS: 12, pICMSST: 18 });
    // MVA 70 % adjusted to the 12 % interstate rate against MG's 18 % (decision 048): (1,70 × 0,88 / 0,82) − 1.
    const mva = Number(icms.pMVAST);
    expect(mva).toBeCloseTo(((1.7 * 0.88) / 0.82) * 100 - 100, 1);
    // vICMSST = 1.000,00 × (1 + MVA) × 18 % − 120,00 (the own interstate ICMS at 12 %).
    const expected = Math.round(((1000 * (100 + mva)) / 100) * 0.18 * 100 - 12000) / 100;
    const [y] = years.anos;
    expect(y!.vICMS).toBe(120);
    expect(y!.vICMSST).toBeCloseTo(expected, 2);
    expect(sim.totais![0]!.vICMSST).toBeCloseTo(expected, 2);
  });

  it('without data for the pair: as before, the rule names no protocol, so no ST (CST 00 at 12 %)', async () => {
    await dropPair();
    const { sim, years } = await simulate();
    expect(years.item!.item.icms).toMatchObject({ cst: '00', pICMS: 12 });
    expect(years.item!.item.icms.pICMSST).toBeUndefined();
    expect(sim.totais![0]).toMatchObject({ vICMS: 120, vICMSST: 0 });
  });
});
