import { productStatusCodes, type TProduct, type TProductStatus } from '@app/contract';
import type { ProductRow } from '../../db/schema/index.js';

const statusByCode = Object.fromEntries(
  Object.entries(productStatusCodes).map(([name, code]) => [code, name]),
) as Record<string, TProductStatus>;

export function toStatusName(code: string): TProductStatus {
  return statusByCode[code] ?? 'Error';
}

export function toStatusCode(name: TProductStatus): string {
  return productStatusCodes[name];
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A products row (Drizzle or raw SQL with camelCase aliases) as the API answers it. */
export function toProduct(row: ProductRow): TProduct {
  return {
    id: row.id,
    companyId: row.companyId,
    internalCode: row.internalCode,
    description: row.description,
    gtin: row.gtin,
    ncm: row.ncm,
    cest: row.cest,
    status: toStatusName(row.status),
    fiscalServiceReferenceCode: row.fiscalServiceReferenceCode,
    fiscalRuleId: row.fiscalRuleId,
    fiscalRuleStatus: row.fiscalRuleStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
