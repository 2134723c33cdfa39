import type { TPartner, TPartnerList, ZCreatePartnerBody } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError, registerErrors } from '../../lib/app-error.js';
import { recordAudit, registerAuditCodes } from '../../lib/audit.js';
import { insertPartner, isDomainTaken, selectPartners, selectPartnersByDomain } from './partners.repository.js';

registerErrors({ PARTNER_DOMAIN_TAKEN: { status: 409, message: 'Já existe um parceiro com esse domínio.' } });
registerAuditCodes({ 1010: { module: 'Users', description: 'Parceiro cadastrado' } });

/** Public: the login page reads branding before anyone signs in. */
export async function listPartners(app: FastifyInstance): Promise<TPartnerList> {
  return selectPartners(app.db);
}

/** Public branding lookup by host name; an unknown domain answers an empty list. */
export async function findPartnersByDomain(app: FastifyInstance, nameDomain: string): Promise<TPartnerList> {
  return selectPartnersByDomain(app.db, nameDomain);
}

export async function createPartner(
  app: FastifyInstance,
  actor: Actor,
  body: z.output<typeof ZCreatePartnerBody>,
): Promise<TPartner> {
  return app.db.transaction(async (tx) => {
    if (await isDomainTaken(tx, body.nameDomain)) throw new AppError('PARTNER_DOMAIN_TAKEN');
    const partner = await insertPartner(tx, { ...body, urlLogo: body.urlLogo ?? null });
    await recordAudit(tx, { code: 1010, actor, partnerId: partner.id, entityId: partner.id, after: partner });
    return partner;
  });
}
