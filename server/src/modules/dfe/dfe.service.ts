import type { TDfeAccessToken } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userCompanies } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { signDfeToken } from './dfe-token.js';

/**
 * Temporary access to the external fiscal-document product. A Member without any company has no
 * account there (the web shows an info toast for NO_DFE_ACCOUNT).
 */
export async function createDfeAccessToken(app: FastifyInstance, actor: Actor): Promise<TDfeAccessToken> {
  if (actor.role === 'Member') {
    const [link] = await app.db
      .select({ companyId: userCompanies.companyId })
      .from(userCompanies)
      .where(eq(userCompanies.userId, actor.id))
      .limit(1);
    if (!link) throw new AppError('NO_DFE_ACCOUNT');
  }
  const token = signDfeToken(app.config.dfeTokenSecret, actor);
  const url = new URL(app.config.dfeUrl);
  url.searchParams.set('token', token);
  return { token, url: url.toString() };
}
