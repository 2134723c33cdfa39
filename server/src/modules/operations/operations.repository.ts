import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';

export interface OperationProductRow {
  id: string;
  companyId: string;
  status: string;
  ncm: string | null;
  cest: string | null;
  fiscalRuleId: string | null;
}

const productColumns = {
  id: products.id,
  companyId: products.companyId,
  status: products.status,
  ncm: products.ncm,
  cest: products.cest,
  fiscalRuleId: products.fiscalRuleId,
};

/** A product of one company (the company filter is the tenant check: foreign ids find nothing). */
export async function findCompanyProduct(db: DbOrTx, companyId: string, productId: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .limit(1);
  return row as OperationProductRow | undefined;
}

/** A company's product linked to a global product by its integration code (the client sends no id then). */
export async function findCompanyProductByCode(db: DbOrTx, companyId: string, code: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.fiscalServiceReferenceCode, code)))
    .limit(1);
  return row as OperationProductRow | undefined;
}
