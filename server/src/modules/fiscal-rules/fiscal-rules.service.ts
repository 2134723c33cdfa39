import { randomUUID } from 'node:crypto';
import {
  fiscalRuleMessages,
  type TFiscalRule,
  type TFiscalRuleGroupDetails,
  type TFiscalRuleGroupingPage,
  type TMessage,
  type TNamedRuleData,
  type TNamedRuleListItem,
  type ZFiscalRuleFilters,
  type ZFiscalRuleUpdateInput,
} from '@app/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { assertCestFitsNcm, assertNcmInForce } from '../reference/reference.service.js';
import { AUDIT } from './fiscal-rules.codes.js';
import { toFiscalRule, toVersionFields } from './fiscal-rules.mapper.js';
import * as repo from './fiscal-rules.repository.js';
import * as groupingsRepo from './rule-groupings.repository.js';
import { productScope } from './rule-scope.js';

type Filters = z.output<typeof ZFiscalRuleFilters>;
type UpdateData = z.output<typeof ZFiscalRuleUpdateInput>;

const digits = (v: string | undefined) => v?.replace(/\D/g, '') || undefined;

function normalizeFilters(q: Filters): groupingsRepo.GroupingFilters {
  // "18," (typed halfway) reads as 18.
  const aliq = q.aliqICMS?.trim().replace(',', '.').replace(/\.$/, '');
  return {
    ncm: digits(q.ncm),
    cest: digits(q.cest),
    uf: q.uf || undefined,
    cfopEntrada: digits(q.cfopEntrada),
    cfopSaida: digits(q.cfopSaida),
    // A value that is not a number cannot match any rate; ignoring it beats a 500 on the cast.
    aliqICMS: aliq && /^\d{1,3}(\.\d{1,4})?$/.test(aliq) ? aliq : undefined,
    productDescription: q.productDescription?.trim() || undefined,
    status: q.status === 'Checked' || q.status === 'Unchecked' ? q.status : undefined,
    gtin: digits(q.gtin),
  };
}

/** Rules grouped by (NCM, CEST), paginated on groups; each group lists its matching state rules. */
export async function findGroupings(db: Db, actor: Actor, query: Filters): Promise<TFiscalRuleGroupingPage> {
  const filters = normalizeFilters(query);
  const scope = productScope(actor);
  const count = await groupingsRepo.countGroups(db, filters, scope);
  const pages = Math.max(1, Math.ceil(count / query.amountPerPage));
  const rows = await groupingsRepo.findGroupPageRules(db, filters, scope, {
    offset: (query.page - 1) * query.amountPerPage,
    limit: query.amountPerPage,
  });
  const objects: TFiscalRuleGroupingPage['objects'] = [];
  for (const { ncm, cest, ncmDescription, ...rule } of rows) {
    let group = objects.at(-1);
    if (!group || group.ncm !== ncm || group.cest !== cest) {
      group = { ncm, cest, ncmDescription, products: [] };
      objects.push(group);
    }
    group.products.push(rule);
  }
  return { currentPage: query.page, pages, count, objects };
}

export async function findGroupDetails(db: Db, ncm: string, cest?: string): Promise<TFiscalRuleGroupDetails> {
  const ncmCode = ncm.replace(/\D/g, '');
  const cestCode = cest?.replace(/\D/g, '') || null;
  const views = await repo.findGroupCurrentViews(db, ncmCode, cestCode);
  return {
    ncm: ncmCode,
    cest: cestCode,
    ncmDescription: views[0]?.ncmDescription ?? null,
    rules: views.map(toFiscalRule),
  };
}

export async function listNamedRules(db: Db, description?: string): Promise<TNamedRuleListItem[]> {
  const rows = await repo.findNamedRules(db, description, 100);
  return rows as TNamedRuleListItem[];
}

async function assertReferenceCodes(db: DbOrTx, ncm: string, cest: string | null) {
  await assertNcmInForce(db, ncm);
  if (cest) await assertCestFitsNcm(db, cest, ncm);
}

/** Named rules are created Checked (spec 02 §4); the NCM must be in force and the CEST fit it. */
export async function createNamedRule(db: Db, actor: Actor, data: TNamedRuleData): Promise<{ id: string }> {
  await assertReferenceCodes(db, data.ncm, data.cest ?? null);
  const id = randomUUID();
  const versionId = randomUUID();
  const fields = toVersionFields(data);
  await db.transaction(async (tx) => {
    await repo.insertRule(
      tx,
      {
        id,
        isNamed: true,
        description: data.description,
        ncm: data.ncm,
        cest: data.cest ?? null,
        uf: data.uf,
        status: 'Checked',
        currentVersionId: versionId,
      },
      { id: versionId, validFrom: new Date(), createdBy: actor.id, ...fields },
    );
    await recordAudit(tx, { code: AUDIT.ruleCreated, actor, entityId: id, after: { id, ...fields } });
  });
  return { id };
}

/**
 * Edit = new version: the current version closes now and a new one opens now; products linked to
 * the rule follow it without a write of their own (their history is their link cut by the rule's
 * dated versions, decision 013). NCM, CEST and UF identify the rule and cannot change (clone the rule
 * instead); named rules keep a valid name.
 */
export async function updateRule(db: Db, actor: Actor, id: string, data: UpdateData): Promise<TMessage> {
  await db.transaction(async (tx) => {
    const rule = await repo.findRule(tx, id, { forUpdate: true });
    if (!rule) throw new AppError('FISCAL_RULE_NOT_FOUND');
    if (rule.ncm !== data.ncm || (rule.cest ?? null) !== (data.cest ?? null) || rule.uf !== data.uf) {
      throw new AppError('FISCAL_RULE_IDENTITY_LOCKED');
    }
    if (rule.isNamed && !data.description)
      throw new AppError('FISCAL_RULE_NAME_INVALID', fiscalRuleMessages.nameRequired);
    const description = rule.isNamed ? (data.description ?? null) : null;
    const before = await repo.findVersionView(tx, rule.currentVersionId);
    const at = new Date();
    const versionId = randomUUID();
    const fields = { ...toVersionFields({ ...data, description }), description };
    await repo.insertNextVersion(
      tx,
      id,
      { id: versionId, validFrom: at, createdBy: actor.id, ...fields },
      { description },
    );
    await recordAudit(tx, {
      code: AUDIT.ruleUpdated,
      actor,
      entityId: id,
      before: before?.version,
      after: { id: versionId, ...fields },
    });
  });
  return { message: 'Regra fiscal alterada com sucesso!' };
}

export async function setRuleStatus(db: Db, actor: Actor, id: string, status: 'Checked' | 'Unchecked') {
  await db.transaction(async (tx) => {
    const rule = await repo.findRule(tx, id, { forUpdate: true });
    if (!rule) throw new AppError('FISCAL_RULE_NOT_FOUND');
    await repo.updateRuleStatus(tx, id, status);
    await recordAudit(tx, {
      code: status === 'Checked' ? AUDIT.ruleChecked : AUDIT.ruleUnchecked,
      actor,
      entityId: id,
      before: { status: rule.status },
      after: { status },
    });
  });
  return {
    message: status === 'Checked' ? 'Regra fiscal marcada como conferida!' : 'Regra fiscal desmarcada como conferida!',
  };
}

/**
 * For other modules (operations tax engine, product details): a rule at its current version, or at
 * the version in force at `at`. Undefined when the rule does not exist.
 */
export async function findFiscalRule(db: DbOrTx, ruleId: string, at?: Date): Promise<TFiscalRule | undefined> {
  if (at) {
    const view = await repo.findVersionViewAt(db, ruleId, at);
    if (view) return toFiscalRule(view);
  }
  const rule = await repo.findRule(db, ruleId);
  const view = rule && (await repo.findVersionView(db, rule.currentVersionId));
  return view ? toFiscalRule(view) : undefined;
}
