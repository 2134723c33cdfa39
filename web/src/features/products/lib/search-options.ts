import {
  healthFindingInfo,
  healthFindingKinds,
  productMessages,
  productSearchFields,
  type THealthFindingKind,
  type TProductSearchField,
} from '@app/contract';
import dayjs from 'dayjs';
import type { ProductsQuery } from '../api/get-products';

type SearchField = TProductSearchField;

/**
 * Search options of spec 02 §3. The indicators cards (spec 01 §2) set exactly one of
 * finished, finishedByFiscalServiceLink, pending, returned and audit; they arrive here too.
 */
export interface ProductSearchOptions {
  pending: boolean;
  classified: boolean;
  returned: boolean;
  inAudit: boolean;
  /** Products in Error (issue 13); absent in searches stored before it existed. */
  error?: boolean;
  binded: boolean;
  field: SearchField;
  text: string;
  /** YYYY-MM-DD or empty */
  startDate: string;
  endDate: string;
  finished?: boolean;
  finishedByFiscalServiceLink?: boolean;
  audit?: boolean;
  /** Only products with this finding in the last catalogue health check (issue 14): the health screen's counts. */
  healthFinding?: THealthFindingKind;
}

/** Default filters (spec 02 §9): all four statuses on, field description. */
export const defaultSearchOptions: ProductSearchOptions = {
  pending: true,
  classified: true,
  returned: true,
  inAudit: true,
  error: true,
  binded: false,
  field: 'description',
  text: '',
  startDate: '',
  endDate: '',
};

export const searchMessages = {
  singleDate: productMessages.bothDates,
  endBeforeStart: productMessages.endBeforeStart,
} as const;

export type DateRangeProblem = { level: 'warning' | 'error'; message: string; durationMs?: number } | null;

/** spec 02 §5: one date only → warning (10 s); end before start → error. */
export function checkDateRange(startDate: string, endDate: string): DateRangeProblem {
  if (!startDate && !endDate) return null;
  if (!startDate || !endDate) return { level: 'warning', message: searchMessages.singleDate, durationMs: 10_000 };
  if (dayjs(endDate).isBefore(dayjs(startDate), 'day'))
    return { level: 'error', message: searchMessages.endBeforeStart };
  return null;
}

/** Members never filter by in-audit (spec 02 §5, §6): the flag is forced off whatever was stored. */
export function normalizeForRole(options: ProductSearchOptions, isMember: boolean): ProductSearchOptions {
  return isMember ? { ...options, inAudit: false, audit: false } : options;
}

/** GTIN and internal-code searches drop every whitespace (spec 02 §5); descriptions are only trimmed. */
export function cleanSearchText(field: SearchField, text: string): string {
  return field === 'description' ? text.trim() : text.replace(/\s+/g, '');
}

const cardFlags = ['finished', 'finishedByFiscalServiceLink', 'audit'] as const;

/**
 * Accepts partial options from elsewhere on top of the defaults. Options from an indicators card
 * (they carry finished / finishedByFiscalServiceLink / audit) list only the card's situation, so
 * the situations they do not set start off instead of on.
 */
export function mergeSearchOptions(partial: Partial<ProductSearchOptions> | null | undefined): ProductSearchOptions {
  if (!partial || typeof partial !== 'object') return defaultSearchOptions;
  const isCard = cardFlags.some((f) => typeof partial[f] === 'boolean');
  const base = isCard
    ? { ...defaultSearchOptions, pending: false, classified: false, returned: false, inAudit: false, error: false }
    : defaultSearchOptions;
  const merged = { ...base };
  for (const key of Object.keys(defaultSearchOptions) as (keyof ProductSearchOptions)[]) {
    const v = partial[key];
    if (typeof v === typeof base[key]) (merged as Record<string, unknown>)[key] = v;
  }
  if (!productSearchFields.includes(merged.field)) merged.field = 'description';
  for (const flag of cardFlags) {
    if (typeof partial[flag] === 'boolean') merged[flag] = partial[flag];
  }
  // Every situation stays on: the finding alone narrows the list.
  if (healthFindingKinds.includes(partial.healthFinding as THealthFindingKind))
    merged.healthFinding = partial.healthFinding;
  return merged;
}

/** True when the options carry a single indicators-card flag (shown as a removable chip). */
export function hasCardFlag(o: ProductSearchOptions): boolean {
  return !!(o.finished || o.finishedByFiscalServiceLink || o.audit || o.healthFinding);
}

/**
 * Search options → GET /products query; indicator-card flags are sent only when set. With every
 * situation on no status flag is sent, so the list also holds products in Error (their
 * occurrences action would be unreachable otherwise).
 */
export function toProductsQuery(
  companyId: string,
  o: ProductSearchOptions,
  page: number,
  isMember: boolean,
): ProductsQuery {
  const isAll = o.pending && o.classified && o.returned && (isMember || o.inAudit) && o.error !== false;
  const flag = (v: boolean) => (isAll ? undefined : v);
  return {
    companyId,
    page,
    pending: flag(o.pending),
    classified: flag(o.classified),
    returned: flag(o.returned),
    inAudit: flag(o.inAudit),
    error: flag(o.error !== false),
    binded: o.binded || undefined,
    field: o.field,
    text: cleanSearchText(o.field, o.text) || undefined,
    startDate: o.startDate || undefined,
    endDate: o.endDate || undefined,
    finished: o.finished || undefined,
    finishedByFiscalServiceLink: o.finishedByFiscalServiceLink || undefined,
    audit: o.audit || undefined,
    healthFinding: o.healthFinding,
  };
}

/** Label of the indicators-card filter in use. */
export const describeCardFilter = (o: ProductSearchOptions) =>
  o.healthFinding
    ? `Achado: ${healthFindingInfo[o.healthFinding].label}`
    : o.finishedByFiscalServiceLink
      ? 'Classificados por vínculo'
      : o.finished
        ? 'Classificados'
        : 'Em auditoria';
