import {
  checkGtin,
  describeFanout,
  globalCurationMessages,
  type TGlobalProductSaved,
  type ZGlobalProductBody,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { AUDIT } from '../classifying.codes.js';
import { findPendingTwins, type PlannedFanout, planFanout, reportFanout } from '../fanout/fanout.service.js';
import * as repo from './curation.repository.js';

type Body = z.output<typeof ZGlobalProductBody>;

/** The body's GTIN in its 14-digit form (check digit verified) and its NCM/CEST checked against the tables. */
async function checkBody(app: FastifyInstance, body: Body) {
  const gtin = checkGtin(body.gtin);
  if (!gtin.ok) throw new AppError('VALIDATION', gtin.message);
  const problem = await repo.checkFiscalCodes(app.db, body.ncm, body.cest);
  if (problem) throw new AppError('VALIDATION', problem);
  return { description: body.description, gtin: gtin.gtin, ncm: body.ncm, cest: body.cest };
}

function answer(row: repo.GlobalLine & { id: string }, message: string, fanout: TGlobalProductSaved['fanout']) {
  const { line: _line, ...fields } = row;
  return { ...fields, fanout, message: fanout ? `${message} ${describeFanout(fanout)}` : message };
}

/**
 * POST /products/global (Admin and partner staff). A GTIN classifies every Pending product with it in
 * every company (server-design "classify once, classify everywhere"): the jobs are planned and queued in
 * the transaction, so they exist if and only if the product does.
 */
export async function createGlobalProduct(
  app: FastifyInstance,
  actor: Actor,
  body: Body,
): Promise<TGlobalProductSaved> {
  const fields = await checkBody(app, body);
  let plan: PlannedFanout | null = null;
  const row = await app.db.transaction(async (tx) => {
    if (await repo.findGlobalIdBy(tx, 'code', body.code)) throw new AppError('GLOBAL_CODE_TAKEN');
    await assertGtinFree(tx, fields.gtin, null);
    const saved = await repo.insertGlobal(tx, { code: body.code, ...fields });
    await recordAudit(tx, { code: AUDIT.globalCreated, actor, entityId: saved.id, after: saved });
    if (saved.gtin) {
      plan = await planFanout(app, tx, { source: 'Create', actor, twins: await findPendingTwins(tx, [saved.gtin]) });
    }
    return saved;
  });
  const fanout = await reportFanout(app, plan);
  return answer({ ...row, line: 0 }, globalCurationMessages.created, fanout);
}

async function assertGtinFree(
  tx: Parameters<typeof repo.findGlobalIdBy>[0],
  gtin: string | null,
  selfId: string | null,
) {
  if (!gtin) return;
  const owner = await repo.findGlobalIdBy(tx, 'gtin', gtin);
  if (owner && owner.id !== selfId) {
    throw new AppError('GLOBAL_GTIN_TAKEN', `O GTIN já pertence ao produto global ${owner.code}.`);
  }
}

/**
 * PUT /products/global/{id}. The code is the integration code linked products keep, so it cannot
 * change. A GTIN set or changed classifies its Pending twins; an NCM/CEST edit rewrites no catalogue
 * (the change check reports and applies it per company).
 */
export async function updateGlobalProduct(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  body: Body,
): Promise<TGlobalProductSaved> {
  const fields = await checkBody(app, body);
  let plan: PlannedFanout | null = null;
  const row = await app.db.transaction(async (tx) => {
    const before = await repo.findGlobalById(tx, id, true);
    if (!before) throw new AppError('GLOBAL_PRODUCT_NOT_FOUND');
    if (before.code !== body.code) {
      throw new AppError(
        'VALIDATION',
        'O código do produto global não pode ser alterado: os produtos vinculados o usam como código de integração.',
      );
    }
    await assertGtinFree(tx, fields.gtin, id);
    const saved = await repo.updateGlobal(tx, id, fields);
    await recordAudit(tx, {
      code: AUDIT.globalUpdated,
      actor,
      entityId: id,
      before: {
        code: before.code,
        description: before.description,
        gtin: before.gtin,
        ncm: before.ncm,
        cest: before.cest,
      },
      after: saved,
    });
    if (saved.gtin && saved.gtin !== before.gtin) {
      plan = await planFanout(app, tx, { source: 'Update', actor, twins: await findPendingTwins(tx, [saved.gtin]) });
    }
    return saved;
  });
  const fanout = await reportFanout(app, plan);
  return answer({ ...row, line: 0 }, globalCurationMessages.updated, fanout);
}
