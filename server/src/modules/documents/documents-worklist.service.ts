import './documents-worklist.codes.js';
import {
  describeDifference,
  documentFindingKinds,
  documentFindingLabels,
  type TDocumentFindingGroupStatusBody,
  type TDocumentFindingGroupsPage,
  type TDocumentFindingKind,
  type TDocumentFindingSeverity,
  type TDocumentGroupBrief,
  type TDocumentReauditResult,
  type TDocumentWorklistPage,
  type TDocumentWorklistQuery,
  ZDocumentFindingsExportQuery,
  ZDocumentWorklistQuery,
} from '@app/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { findCompanyFor } from '../products/product-access.js';
import { findAccessibleImport } from './documents.service.js';
import * as findingsRepo from './documents-findings.repository.js';
import * as itemsRepo from './documents-items.repository.js';
import { reauditDocuments } from './documents-reaudit.js';
import { AUDIT_DOCUMENTS_REAUDITED, AUDIT_FINDING_GROUP_STATUS } from './documents-worklist.codes.js';

type Filters = Omit<findingsRepo.FindingFilter, 'importId'>;

function filterOf(importId: string, q: Filters): findingsRepo.FindingFilter {
  const { kind, severity, productId, documentId, chave, product, document, cfop, uf, from, to, group } = q;
  return { importId, kind, severity, productId, documentId, chave, product, document, cfop, uf, from, to, group };
}

async function summaryOf(db: DbOrTx, filter: findingsRepo.FindingFilter) {
  const byKind = new Map((await findingsRepo.summarizeFindings(db, filter)).map((s) => [s.kind, s]));
  return documentFindingKinds
    .filter((k) => byKind.has(k))
    .map((kind) => ({
      kind,
      label: documentFindingLabels[kind],
      count: byKind.get(kind)!.count,
      difference: byKind.get(kind)!.difference,
    }));
}

/**
 * GET …/findings: the item list (as before, with the item's description, NCM, CFOP and date) or, with
 * `groupBy=causa`, the groups of the worklist; the same filters for both and a summary by kind.
 */
export async function listFindings(
  db: DbOrTx,
  actor: Actor,
  id: string,
  query: TDocumentWorklistQuery,
): Promise<TDocumentWorklistPage | TDocumentFindingGroupsPage> {
  await findAccessibleImport(db, actor, id);
  const q = ZDocumentWorklistQuery.parse(query);
  const filter = filterOf(id, q);
  const offset = (q.page - 1) * q.pageSize;
  if (q.groupBy === 'causa') {
    const [page, summary] = await Promise.all([
      findingsRepo.findGroupsPage(db, filter, q.pageSize, offset),
      summaryOf(db, filter),
    ]);
    const labels = await findingsRepo.findDocumentLabels(db, [...new Set(page.rows.flatMap((g) => g.exampleIds))]);
    return {
      groupBy: 'causa',
      summary,
      groups: page.rows.map((g) => ({
        key: g.key,
        kind: g.kind as TDocumentFindingKind,
        label: documentFindingLabels[g.kind as TDocumentFindingKind] ?? g.kind,
        severity: g.severity as TDocumentFindingSeverity,
        field: g.field,
        productId: g.productId,
        internalCode: g.internalCode,
        description: g.description,
        ncm: g.ncm,
        ruleCode: g.ruleCode,
        items: g.items,
        documents: g.documents,
        difference: g.difference,
        differenceText: describeDifference(g.difference),
        firstDate: g.firstDate,
        lastDate: g.lastDate,
        examples: g.exampleIds
          .map((docId) => ({
            documentId: docId,
            number: labels.get(docId)?.number ?? '',
            chave: labels.get(docId)?.chave ?? null,
          }))
          .sort((a, b) => a.number.localeCompare(b.number, 'pt-BR', { numeric: true })),
        status: {
          status: g.status ?? 'Aberto',
          reason: g.reason,
          userName: g.userName,
          updatedAt: g.updatedAt ? new Date(g.updatedAt).toISOString() : null,
        },
      })),
      total: page.total,
      findings: page.findings,
      page: q.page,
      pageSize: q.pageSize,
    };
  }
  const [page, summary] = await Promise.all([
    findingsRepo.findFindingsPage(db, filter, q.pageSize, offset),
    summaryOf(db, filter),
  ]);
  return {
    summary,
    items: page.rows.map((r) => ({
      ...r,
      kind: r.kind as TDocumentFindingKind,
      differenceText: describeDifference(r.difference),
    })),
    total: page.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** PUT …/finding-groups/{key}: the group's status with who and when; Ignorado needs a reason (the schema says so). */
export async function setGroupStatus(
  db: Db,
  actor: Actor,
  id: string,
  key: string,
  body: TDocumentFindingGroupStatusBody,
) {
  const found = await findAccessibleImport(db, actor, id);
  const company = await findCompanyFor(db, actor, found.companyId, 'Create');
  if (!(await findingsRepo.groupExists(db, id, key))) throw new AppError('DOCUMENT_FINDING_GROUP_NOT_FOUND');
  const reason = body.reason?.trim() || null;
  return db.transaction(async (tx) => {
    const before = await findingsRepo.upsertGroupStatus(tx, {
      importId: id,
      key,
      status: body.status,
      reason,
      userId: actor.id,
      userName: actor.name,
    });
    await recordAudit(tx, {
      code: AUDIT_FINDING_GROUP_STATUS,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: id,
      before: { group: key, status: before.status ?? 'Aberto', reason: before.reason },
      after: { group: key, status: body.status, reason },
    });
    return { status: body.status, reason, userName: actor.name, updatedAt: new Date().toISOString() };
  });
}

const brief = (g: Awaited<ReturnType<typeof findingsRepo.listAllGroups>>[number]): TDocumentGroupBrief => ({
  key: g.key,
  kind: g.kind as TDocumentFindingKind,
  label: documentFindingLabels[g.kind as TDocumentFindingKind] ?? g.kind,
  field: g.field,
  internalCode: g.internalCode,
  ruleCode: g.ruleCode,
  items: g.items,
  difference: g.difference,
});

/**
 * POST …/reaudit: the import's documents audited again in one transaction (all or nothing; a second request for
 * the same import waits for the first), answering which groups disappeared (resolved) and which appeared.
 */
export async function reauditImport(db: Db, actor: Actor, id: string): Promise<TDocumentReauditResult> {
  const found = await findAccessibleImport(db, actor, id);
  const company = await findCompanyFor(db, actor, found.companyId, 'Import');
  if (found.status !== 'Done') throw new AppError('DOCUMENT_IMPORT_NOT_DONE');
  if (!(await itemsRepo.hasStoredItems(db, id))) throw new AppError('DOCUMENT_IMPORT_NO_ITEMS');
  return db.transaction(async (tx) => {
    await itemsRepo.lockImport(tx, id);
    const before = await findingsRepo.listAllGroups(tx, id);
    const findingsAfter = await reauditDocuments(db, tx, {
      importId: id,
      companyId: company.id,
      uf: company.uf,
    });
    const after = await findingsRepo.listAllGroups(tx, id);
    const at = await itemsRepo.markReaudited(tx, id, findingsAfter);
    const afterKeys = new Set(after.map((g) => g.key));
    const beforeKeys = new Set(before.map((g) => g.key));
    const result: TDocumentReauditResult = {
      findingsBefore: before.reduce((n, g) => n + g.items, 0),
      findingsAfter,
      groupsBefore: before.length,
      groupsAfter: after.length,
      resolved: before.filter((g) => !afterKeys.has(g.key)).map(brief),
      appeared: after.filter((g) => !beforeKeys.has(g.key)).map(brief),
      reauditedAt: at.toISOString(),
    };
    await recordAudit(tx, {
      code: AUDIT_DOCUMENTS_REAUDITED,
      actor,
      partnerId: company.partnerId,
      companyId: company.id,
      entityId: id,
      before: { findings: result.findingsBefore, groups: result.groupsBefore },
      after: {
        findings: result.findingsAfter,
        groups: result.groupsAfter,
        resolved: result.resolved.length,
        appeared: result.appeared.length,
      },
    });
    return result;
  });
}

/** GET …/findings/export: the findings under the screen's filters, streamed page by page. */
export async function openFindingsExport(
  db: DbOrTx,
  actor: Actor,
  id: string,
  query: z.input<typeof ZDocumentFindingsExportQuery>,
) {
  const found = await findAccessibleImport(db, actor, id);
  const q = ZDocumentFindingsExportQuery.parse(query);
  return {
    pages: findingsRepo.findAllFindings(db, filterOf(found.id, q)),
    fileName: `auditoria-documentos-${found.id.slice(0, 8)}.xlsx`,
  };
}
