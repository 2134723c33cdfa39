import { userMessages } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/actor.js';
import { AppError, registerErrors } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findAccessibleCompany } from '../../lib/company-access.js';
import { findUserInScope } from './user-scope.js';
import { deleteUserCompany, hasUserCompany, insertUserCompany } from './users.repository.js';

registerErrors({
  USER_NOT_MEMBER: { status: 400, message: 'Apenas usuários com a função Usuário têm acesso a empresas controlado.' },
  COMPANY_NOT_LINKED: { status: 404, message: 'Usuário não tem acesso a essa empresa!' },
});

/**
 * Both ends must be in the actor's scope, the user must be a Member and the company must belong
 * to the Member's partner (an Admin cannot open one partner's company to another's user).
 */
async function loadPair(app: FastifyInstance, actor: Actor, userId: string, companyId: string) {
  const member = await findUserInScope(app.db, actor, userId);
  if (member.role !== 'Member') throw new AppError('USER_NOT_MEMBER');
  const company = await findAccessibleCompany(app.db, actor, companyId);
  if (company.partnerId !== member.partnerId) throw new AppError('COMPANY_NOT_FOUND');
  return { member, company };
}

export async function addMemberCompany(app: FastifyInstance, actor: Actor, userId: string, companyId: string) {
  const { member, company } = await loadPair(app, actor, userId, companyId);
  if (await hasUserCompany(app.db, member.id, company.id)) throw new AppError('COMPANY_ALREADY_LINKED');
  await app.db.transaction(async (tx) => {
    if (!(await insertUserCompany(tx, member.id, company.id))) throw new AppError('COMPANY_ALREADY_LINKED');
    await recordAudit(tx, {
      code: 1005,
      actor,
      partnerId: member.partnerId,
      companyId: company.id,
      entityId: member.id,
      after: { userId: member.id, companyId: company.id, nomeFantasia: company.nomeFantasia },
    });
  });
  return { message: userMessages.companyAdded };
}

export async function removeMemberCompany(app: FastifyInstance, actor: Actor, userId: string, companyId: string) {
  const { member, company } = await loadPair(app, actor, userId, companyId);
  await app.db.transaction(async (tx) => {
    if (!(await deleteUserCompany(tx, member.id, company.id))) throw new AppError('COMPANY_NOT_LINKED');
    await recordAudit(tx, {
      code: 1006,
      actor,
      partnerId: member.partnerId,
      companyId: company.id,
      entityId: member.id,
      before: { userId: member.id, companyId: company.id, nomeFantasia: company.nomeFantasia },
    });
  });
  return { message: userMessages.companyRemoved };
}
