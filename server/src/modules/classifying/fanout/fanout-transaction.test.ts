import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createProduct, generateGtin14 } from '../../../db/factories.js';
import { seedProductActors } from '../../products/products.fixtures.js';
import { FANOUT_JOB, findPendingTwins, planFanout } from './fanout.service.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const jobsOf = async (fanoutId: string) =>
  (
    await ctx.database.pool.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'fanoutId' = $2`,
      [FANOUT_JOB, fanoutId],
    )
  ).rows[0].n;
const runs = async () => (await ctx.database.pool.query('SELECT count(*)::int AS n FROM global_fanouts')).rows[0].n;

describe('fan-out jobs are queued by the writing transaction', () => {
  it('a rolled-back write leaves no run and no job; a committed one leaves both', async () => {
    const gtin = generateGtin14();
    await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'TX-1', gtin });
    await createProduct(ctx.db, { companyId: s.companyB.id, internalCode: 'TX-2', gtin });
    const actor = { id: s.member.id, name: 'Membro' };
    const runsBefore = await runs();

    let rolledBack = '';
    await ctx.db
      .transaction(async (tx) => {
        const plan = await planFanout(ctx.app, tx, {
          source: 'Create',
          actor,
          twins: await findPendingTwins(tx, [gtin]),
        });
        rolledBack = plan!.id;
        expect(plan!.jobs).toHaveLength(1);
        throw new Error('falha depois do envio');
      })
      .catch(() => undefined);
    expect(rolledBack).not.toBe('');
    expect(await jobsOf(rolledBack)).toBe(0);
    expect(await runs()).toBe(runsBefore);

    const committed = await ctx.db.transaction(async (tx) =>
      planFanout(ctx.app, tx, { source: 'Create', actor, twins: await findPendingTwins(tx, [gtin]) }),
    );
    expect(await jobsOf(committed!.id)).toBe(1);
    expect(await runs()).toBe(runsBefore + 1);
  });
});
