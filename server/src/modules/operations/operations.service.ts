import { NIL_PRODUCT_ID, type TOperation, type TOperationsQuery, type Uf } from '@app/contract';
import { TaxInputError } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { findAccessibleCompany } from '../../lib/company-access.js';
import '../fiscal-rules/fiscal-rules.codes.js';
import {
  findBaseRuleId,
  findRule,
  findVersionView,
  type RuleVersionView,
} from '../fiscal-rules/fiscal-rules.repository.js';
import { findGlobalForUf } from '../products/classification/binding.repository.js';
import { loadStAgreements } from '../st-agreements/st-agreements.read.js';
import { buildOperation } from './build-operation.js';
import { checkRuleFacts } from './operation-rule.js';

/** The engine's input rules refuse with a field and a Portuguese message: a 400, never a 500. */
function refuseBadInput<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof TaxInputError)
      throw new AppError('VALIDATION', err.message, [{ field: err.field, message: err.message }]);
    throw err;
  }
}

import { todayInBrazil } from '@app/contract';
import { findCompanyProduct, findCompanyProductByCode, type OperationProductRow } from './operations.repository.js';

/**
 * The product asked about. With the nil id and a CodeIntegrator: the company's product linked to that
 * global product, else the global product itself with the rule it takes in the company's UF (the
 * global products screen queries operations of any global product, issue 9).
 */
async function loadProduct(db: DbOrTx, company: { id: string; uf: string }, query: TOperationsQuery) {
  if (query.productId !== NIL_PRODUCT_ID) return findCompanyProduct(db, company.id, query.productId);
  if (!query.CodeIntegrator) return undefined;
  const own = await findCompanyProductByCode(db, company.id, query.CodeIntegrator);
  if (own) return own;
  const global = await findGlobalForUf(db, query.CodeIntegrator, company.uf);
  if (!global?.ruleId) return undefined;
  return {
    id: NIL_PRODUCT_ID,
    companyId: company.id,
    status: 'F',
    ncm: global.ncm,
    cest: global.cest,
    fiscalRuleId: global.ruleId,
  };
}

async function loadCurrentView(db: DbOrTx, ruleId: string | null | undefined) {
  if (!ruleId) return undefined;
  const rule = await findRule(db, ruleId);
  return rule ? findVersionView(db, rule.currentVersionId) : undefined;
}

/** The product's rule: its own link, or the base rule of its NCM/CEST in the company's UF when classified through a global product. */
async function loadProductRule(db: DbOrTx, product: OperationProductRow, companyUf: string) {
  const linked = await loadCurrentView(db, product.fiscalRuleId);
  if (linked) return linked;
  if (product.status !== 'F' || !product.ncm) return undefined;
  return loadCurrentView(db, await findBaseRuleId(db, { ncm: product.ncm, cest: product.cest, uf: companyUf }));
}

/** State part of the same NCM/CEST in another UF (base rules only: named rules belong to one UF). */
async function loadSiblingRule(db: DbOrTx, view: RuleVersionView, uf: string) {
  if (view.version.uf === uf) return view;
  const id = await findBaseRuleId(db, { ncm: view.version.ncm, cest: view.version.cest, uf });
  return loadCurrentView(db, id);
}

/**
 * Operations query (spec 02 §3/§7): the product must belong to a company the caller may see
 * (Members: linked companies) and have a fiscal rule; the operation is built by the tax engine
 * from that rule, the sibling rules of the other UF and the profile asked for.
 */
export async function queryOperations(db: DbOrTx, actor: Actor, query: TOperationsQuery): Promise<TOperation[]> {
  const company = await findAccessibleCompany(db, actor, query.companyId);
  const product = await loadProduct(db, company, query);
  if (!product) throw new AppError('PRODUCT_NOT_CLASSIFIED');
  const view = await loadProductRule(db, product, company.uf);
  if (!view) throw new AppError('PRODUCT_NOT_CLASSIFIED');

  const companyUf = company.uf as Uf;
  const otherUf = query.uf;
  const sibling = otherUf === companyUf ? view : await loadSiblingRule(db, view, otherUf);
  const isSale = query.cfop === 'venda';
  for (const rule of [view, sibling]) if (rule) refuseBadInput(() => checkRuleFacts(rule.version));
  // Today's agreements of the pair, read for this request only (an Admin's edit is seen by the next one).
  const date = todayInBrazil();
  const stAgreements =
    otherUf === companyUf
      ? []
      : await loadStAgreements(db, {
          ufOrigem: isSale ? companyUf : otherUf,
          ufDestino: isSale ? otherUf : companyUf,
          date,
        });
  const operation = refuseBadInput(() =>
    buildOperation({
      productRule: view.version,
      originRule: (isSale ? view : sibling)?.version ?? null,
      destinationRule: (isSale ? sibling : view)?.version ?? null,
      descriptions: {
        ncm: view.ncmDescription,
        cbsCst: view.cbsCstDescription,
        cClassTrib: view.cClassTribDescription,
      },
      companyUf,
      query,
      stAgreements,
      date,
    }),
  );
  return [operation];
}
