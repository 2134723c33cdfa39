import type { TIndicators } from '@app/contract';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { COMPACT_AFTER_ROWS, compactProductCounts } from '../products/product-counts.repository.js';
import { findIndicatorsOf } from './indicators.repository.js';

/**
 * GET /companies/indicators/common (spec 01 §2–§3). The company must be the caller's (linked Member,
 * staff of its partner, Admin; others 404) and not Blocked for a Member (403). Members never see
 * products in audit nor the two histories (spec 01 §6, spec 02 §6): the figures they get leave them
 * out, so their percentages add up to what their products list shows.
 */
export async function getIndicators(db: Db, actor: Actor, companyId: string): Promise<TIndicators> {
  const isMember = actor.role === 'Member';
  // One statement (access check, counters, histories): the request's only round trip after the session's.
  const company = await findIndicatorsOf(db, actor, companyId, !isMember);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  if (isMember && company.status === 'Blocked') throw new AppError('COMPANY_BLOCKED');
  const { counts, classified, changes } = company;
  if (counts.rows > COMPACT_AFTER_ROWS) await compactProductCounts(db, companyId);
  const inAudit = isMember ? 0 : counts.inAudit;
  return {
    companyIndicators: {
      document: company.document,
      razaoSocial: company.razaoSocial,
      nomeFantasia: company.nomeFantasia,
      crt: company.crt,
      contribuinteICMS: company.contribuinteIcms,
      regimeEspecial: company.regimeEspecial,
      regimeTributario: company.regimeTributario,
      fiscalService: company.fiscalService,
      status: company.status,
      codigoFaixaEnquadramento: company.codigoFaixaEnquadramento,
      cnae: company.cnae,
      uf: company.uf,
    },
    productsIndicators: {
      pending: counts.pending,
      classified: counts.classified,
      returned: counts.returned,
      inAudit,
      errors: counts.errors,
      amount: counts.amount - (counts.inAudit - inAudit),
    },
    classifyProductsHistIndicators: classified,
    consultProductsChangesHistIndicators: changes,
  };
}
