import {
  COMPANY_MESSAGES,
  normalizeCnpj,
  type TCnpjRegistryResult,
  type TCompany,
  type TCompanyCreate,
  type TCompanyUpdate,
  type TMessage,
  type TVerifyFiscalServiceResult,
} from '@app/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { type Actor, isAdmin, isMember } from '../../lib/actor.js';
import { AppError, registerErrors } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { type CompanyRow, findAccessibleCompany } from '../../lib/company-access.js';
import { lookupCnpjRegistry } from './cnpj-registry.js';
import * as repo from './companies.repository.js';
import { findFiscalServiceAdapter } from './fiscal-service-adapter.js';

registerErrors({ COMPANY_PARTNER_REQUIRED: { status: 400, message: COMPANY_MESSAGES.partnerRequired } });

function toCompany(row: repo.CompanyWithUsage): TCompany {
  return {
    id: row.id,
    partnerId: row.partnerId,
    document: row.document,
    cnae: row.cnae,
    useCNAE: row.useCnae,
    uf: row.uf,
    razaoSocial: row.razaoSocial,
    nomeFantasia: row.nomeFantasia,
    crt: row.crt as TCompany['crt'],
    regimeTributario: row.regimeTributario as TCompany['regimeTributario'],
    regimeEspecial: row.regimeEspecial as TCompany['regimeEspecial'],
    codigoFaixaEnquadramento: row.codigoFaixaEnquadramento as TCompany['codigoFaixaEnquadramento'],
    contribuinteICMS: row.contribuinteIcms,
    status: row.status,
    environment: row.environment,
    emUso: row.emUso,
    fiscalService: row.fiscalService,
    pisCofinsIcmsBase: row.pisCofinsIcmsBase,
  };
}

/** The audit keeps the stored row without timestamps (they are the event's own time). */
const snapshot = ({ createdAt: _c, updatedAt: _u, ...rest }: CompanyRow) => rest;

/** Form values → columns. Names are stored upper-case (spec 01 §5); the CNPJ without its mask. */
function toColumns(input: TCompanyCreate | TCompanyUpdate) {
  const cnae = input.cnae?.trim() || null;
  return {
    document: normalizeCnpj(input.document),
    cnae,
    useCnae: input.useCNAE,
    uf: input.uf,
    razaoSocial: input.razaoSocial.toLocaleUpperCase('pt-BR'),
    nomeFantasia: input.nomeFantasia.toLocaleUpperCase('pt-BR'),
    crt: input.crt,
    regimeTributario: input.regimeTributario,
    regimeEspecial: input.regimeEspecial,
    codigoFaixaEnquadramento: input.codigoFaixaEnquadramento,
    contribuinteIcms: input.contribuinteICMS,
    status: input.status,
    environment: input.environment,
    pisCofinsIcmsBase: input.pisCofinsIcmsBase,
  };
}

export async function listCompanies(db: Db, actor: Actor): Promise<TCompany[]> {
  const scope: repo.CompanyScope = isAdmin(actor)
    ? { kind: 'all' }
    : isMember(actor)
      ? { kind: 'linked', userId: actor.id }
      : { kind: 'partner', partnerId: actor.partnerId ?? '' };
  return (await repo.findCompanies(db, scope)).map(toCompany);
}

export async function getCompany(db: Db, actor: Actor, id: string): Promise<TCompany> {
  await findAccessibleCompany(db, actor, id);
  const row = await repo.findCompanyWithUsage(db, id);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return toCompany(row);
}

/**
 * Companies linked to a user. The user must be visible to the actor (Admin: anyone; partner staff:
 * their partner's users; Member: only themself), and only companies the actor may see are listed.
 */
export async function listMemberCompanies(db: Db, actor: Actor, userId: string): Promise<TCompany[]> {
  const user = await repo.findUserForScope(db, userId);
  const visible =
    !!user && (isAdmin(actor) || (isMember(actor) ? user.id === actor.id : user.partnerId === actor.partnerId));
  if (!visible) throw new AppError('USER_NOT_FOUND');
  const partnerId = isAdmin(actor) ? null : actor.partnerId;
  return (await repo.findCompanies(db, { kind: 'linked', userId, partnerId })).map(toCompany);
}

async function assertDocumentFree(db: DbOrTx, document: string, exceptId?: string) {
  if (await repo.findCompanyIdByDocument(db, document, exceptId)) throw new AppError('COMPANY_DOCUMENT_TAKEN');
}

/** A concurrent insert can pass the pre-check; the unique index then answers the same 409. */
function rethrowDuplicate(err: unknown): never {
  const cause = (err as { cause?: { code?: string } }).cause;
  const code = (err as { code?: string }).code ?? cause?.code;
  if (code === '23505') throw new AppError('COMPANY_DOCUMENT_TAKEN');
  throw err;
}

export async function createCompany(db: Db, actor: Actor, input: TCompanyCreate): Promise<TCompany> {
  // Partner staff always create inside their own partner, whatever the body says.
  const partnerId = isAdmin(actor) ? input.partnerId : actor.partnerId;
  if (!partnerId) throw new AppError('COMPANY_PARTNER_REQUIRED');
  if (isAdmin(actor) && !(await repo.partnerExists(db, partnerId))) throw new AppError('PARTNER_NOT_FOUND');
  const values = { ...toColumns(input), partnerId };
  await assertDocumentFree(db, values.document);
  const row = await db
    .transaction(async (tx) => {
      const created = await repo.insertCompany(tx, values);
      await recordAudit(tx, {
        code: 2001,
        actor,
        partnerId,
        companyId: created.id,
        entityId: created.id,
        after: snapshot(created),
      });
      return created;
    })
    .catch(rethrowDuplicate);
  return getCompany(db, actor, row.id);
}

export async function updateCompany(db: Db, actor: Actor, input: TCompanyUpdate): Promise<TCompany> {
  const values = toColumns(input);
  await db
    .transaction(async (tx) => {
      const before = await findAccessibleCompany(tx, actor, input.id);
      if (values.document !== before.document) await assertDocumentFree(tx, values.document, before.id);
      const after = await repo.updateCompanyRow(tx, before.id, values);
      await recordAudit(tx, {
        code: 2002,
        actor,
        partnerId: before.partnerId,
        companyId: before.id,
        entityId: before.id,
        before: snapshot(before),
        after: snapshot(after),
      });
    })
    .catch(rethrowDuplicate);
  return getCompany(db, actor, input.id);
}

export async function deleteCompany(db: Db, actor: Actor, id: string): Promise<TMessage> {
  await db.transaction(async (tx) => {
    const before = await findAccessibleCompany(tx, actor, id);
    await repo.deleteCompanyRow(tx, id);
    await recordAudit(tx, {
      code: 2003,
      actor,
      partnerId: before.partnerId,
      companyId: before.id,
      entityId: before.id,
      before: snapshot(before),
    });
  });
  return { message: COMPANY_MESSAGES.deleted };
}

export async function verifyFiscalServiceCredentials(
  db: Db,
  actor: Actor,
  id: string,
): Promise<TVerifyFiscalServiceResult> {
  const company = await findAccessibleCompany(db, actor, id);
  const adapter = findFiscalServiceAdapter(company.fiscalService);
  const verified = adapter ? await adapter.verifyCredentials(company) : false;
  await recordAudit(db, {
    code: 2004,
    actor,
    partnerId: company.partnerId,
    companyId: company.id,
    entityId: company.id,
    after: { fiscalService: company.fiscalService, verified },
  });
  return { verified };
}

export async function lookupCompanyRegistry(
  registryUrl: string,
  cnpj: string,
  onFailure?: (reason: string) => void,
): Promise<TCnpjRegistryResult> {
  return lookupCnpjRegistry(registryUrl, normalizeCnpj(cnpj), { onFailure });
}
