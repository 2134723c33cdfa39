import {
  isDeleteConfirmed,
  PENDING_PAGE_SIZE,
  pendingMessages,
  type TMessage,
  type TPendingDeleteBody,
  type TPendingPage,
  type TPendingSearch,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../../lib/actor.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { findAccessibleCompany } from '../../../lib/company-access.js';
import { AUDIT } from '../classifying.codes.js';
import { deleteProducts, findScopedProducts, type PendingSearch, searchPendingProducts } from './pending.repository.js';
import { PRUNE_PENDING_JOB } from './pending-prune.job.js';

/** Partner-wide SIMILAR met this many descriptions no Pending product has: time to prune (decision 029). */
const STALE_DESCRIPTIONS_TO_PRUNE = 200;

/** The caller's reach: Admin every company, staff their partner's (routes keep Members out). */
function staffScope(actor: Actor): PendingSearch['scope'] {
  if (actor.role === 'Admin') return 'all';
  if (!actor.partnerId) throw new AppError('FORBIDDEN');
  return { partnerId: actor.partnerId };
}

/**
 * GET /products/globalpending: Pending products of the caller's partner (Admin: all), optionally of
 * one company (a foreign one answers 404). GTIN takes digits only (dots and spaces dropped).
 */
export async function searchPending(app: FastifyInstance, actor: Actor, query: TPendingSearch): Promise<TPendingPage> {
  const db = app.db;
  let scope = staffScope(actor);
  if (query.companyId) scope = { companyId: (await findAccessibleCompany(db, actor, query.companyId)).id };
  let text = query.text;
  let pattern = query.searchPattern;
  if (query.field === 'GTIN' && text) {
    text = text.replace(/[.\s]/g, '');
    if (!/^\d+$/.test(text) || text.length > 14) throw new AppError('VALIDATION', pendingMessages.digitsOnly);
  }
  if (query.field !== 'Descrição' && pattern === 'SIMILAR') pattern = 'INICIA COM';
  const { count, stale, rows } = await searchPendingProducts(db, {
    scope,
    field: query.field,
    pattern,
    text,
    page: query.page,
  });
  if (stale >= STALE_DESCRIPTIONS_TO_PRUNE && typeof scope === 'object' && 'partnerId' in scope) {
    // At most one prune per partner every 5 minutes (pg-boss refuses a second one: nothing to do then).
    const { partnerId } = scope;
    await app.jobs
      .send(PRUNE_PENDING_JOB, { partnerId }, { singletonKey: partnerId, singletonSeconds: 300 })
      .catch(() => undefined);
  }
  return {
    currentPage: query.page,
    pages: Math.max(1, Math.ceil(count / PENDING_PAGE_SIZE)),
    count,
    objects: rows.map((r) => ({ ...r, dateCreated: new Date(r.dateCreated).toISOString() })),
  };
}

/**
 * POST /products/globalpending/delete. The typed text must contain CONCORDO (any case), every id must
 * be a Pending product the caller reaches (else nothing is deleted: a foreign id answers 404, as an
 * unknown one), and each deletion is an audit event of its company.
 */
export async function deletePending(
  db: FastifyInstance['db'],
  actor: Actor,
  body: TPendingDeleteBody,
): Promise<TMessage> {
  if (!isDeleteConfirmed(body.confirmation)) throw new AppError('PENDING_CONFIRMATION_WRONG');
  const ids = [...new Set(body.productIds)];
  return db.transaction(async (tx) => {
    const found = await findScopedProducts(tx, ids, staffScope(actor));
    if (found.length !== ids.length) throw new AppError('PRODUCT_NOT_FOUND');
    if (found.some((p) => p.status !== 'P')) throw new AppError('PENDING_ONLY');
    await deleteProducts(tx, ids);
    for (const p of found) {
      await recordAudit(tx, {
        code: AUDIT.pendingDeleted,
        actor,
        partnerId: p.partnerId,
        companyId: p.companyId,
        entityId: p.id,
        before: { internalCode: p.internalCode, status: p.status },
      });
    }
    return { message: pendingMessages.deleted };
  });
}
