import type { TTaxCalculateRequest, TTaxCalculateResponse, Uf } from '@app/contract';
import { calculateNfeItem, itemRequestOf, type NfeItemContext } from '@app/tax-engine';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { buildCalculationContext } from '../../tax/tax.service.js';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';
import { recipientIsContributor } from './operation-checks.js';
import { prodFormOfDocument } from './own-figures.js';

export type IcmsOverride = Partial<TTaxCalculateRequest['item']['icms']>;

/**
 * What the audit takes of a stored item: its codes and the rates that decide the figures it compares. Other
 * stated values (the base method, the relief's reason, per-unit rates, the IBS/CBS subgroups) stay out, so the
 * recomputation is the one the audit's findings were measured on (bench/audit-precision.ts).
 */
const auditedProd = ['vProd', 'vFrete', 'vSeg', 'vOutro', 'vDesc', 'NCM', 'cBenef', 'CFOP'];
const auditedTaxes = [
  ...['CST', 'CSOSN', 'orig', 'pICMS', 'pRedBC', 'pMVAST', 'pRedBCST', 'pICMSST', 'pFCP', 'pFCPST', 'pDif'].map(
    (tag) => `ICMS.${tag}`,
  ),
  'IPI.CST',
  'IPI.pIPI',
  'PIS.CST',
  'PIS.pPIS',
  'COFINS.CST',
  'COFINS.pCOFINS',
  'IBSCBS.CST',
  'IBSCBS.cClassTrib',
  // Read only to take them out of a 2027+ vProd (goodsValueOf, NT 2026.008): never sent to the engine.
  ...['IBSCBS.vIBS', 'IBSCBS.vCBS', 'IBSCBS.vIBSMono', 'IBSCBS.vCBSMono', 'IS.vIS'],
];

function only(from: Record<string, string>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) if (from[k] !== undefined) out[k] = from[k];
  return out;
}

/**
 * The engine request of one document item: the item by the engine's one NF-e item mapping (itemRequestOf, the
 * same as POST /nfe/complete's; lenient: a stored value the request would refuse is left out), optionally with
 * the ICMS part replaced by what the fiscal rule says. `date` is the document's (the import's day when it has
 * none): the year of the rules (PIS/COFINS and IPI from 2027, the ICMS fractions of 2029–2032) is the
 * document's, as its dated facts are.
 */
export function buildItemRequest(
  doc: FiscalDocument,
  item: DocumentItem,
  date: string,
  icms?: IcmsOverride,
): TTaxCalculateRequest {
  const mapped = itemRequestOf(
    { prod: only(item.prod, auditedProd), taxes: only(item.taxes, auditedTaxes) },
    // The year of the document: from 2027 its vProd carries the item's IBS/CBS/IS, taken out for the engine —
    // unless the document's totals show the net form (prodFormOfDocument): its vProd is the goods' value already.
    {
      lenient: true,
      issuedIn: prodFormOfDocument(doc, date) === 'liquido' ? undefined : Number(date.slice(0, 4)),
    },
  ) as TTaxCalculateRequest['item'];
  const crt = Number(doc.ide.CRT);
  return {
    operacao: {
      ufOrigem: (doc.ufOrigin ?? 'SP') as Uf,
      ufDestino: (doc.ufDestination ?? doc.ufOrigin ?? 'SP') as Uf,
      consumidorFinal: doc.ide.indFinal === '1',
      contribuinte: recipientIsContributor(doc),
      crt: crt >= 1 && crt <= 4 ? crt : undefined,
      data: date,
    },
    // The document's pMVAST is the margin it applied (already adjusted when interstate).
    item: { ...mapped, icms: { ...mapped.icms, ajustarMva: false, ...icms } },
  };
}

/**
 * The refusal of a cClassTrib that needs an annex of LC 214/2025 the item's NCM is not in (the engine names
 * `item.ncm`): told apart from an NCM missing from the NCM table, and answered by leaving the code out.
 */
export const CLASS_NOT_FOR_NCM = 'item.ibscbs.cClassTrib:ncm';

/** What the official tables refused in the request (field → message), the way POST /tax/calculate answers 400. */
export interface TableRefusal {
  field: string;
  message: string;
}

export interface ItemContext {
  ctx: NfeItemContext | null;
  refusals: TableRefusal[];
}

/** Entries kept per import: distinct (codes, rates, UF pair, date) combinations, a few thousand in a real month. */
const MAX_CACHED_CONTEXTS = 20_000;

/**
 * The item's context depends on its codes, rates, UF pair and date, never on its amounts: items of one product
 * in one operation share it, so an import builds it once per combination (the key is the request without its
 * amounts). A hit replays the refusals on the caller's request, exactly as a build would have changed it.
 */
export class ItemContexts {
  private readonly byKey = new Map<string, ItemContext>();
  private readonly figuresByLine = new Map<string, Record<string, number> | null>();

  constructor(private readonly db: DbOrTx) {}

  async get(req: TTaxCalculateRequest, date: string): Promise<ItemContext> {
    const { vProd: _p, vFrete: _f, vSeg: _s, vOutro: _o, vDesc: _d, ...codes } = req.item;
    const key = `${date}|${JSON.stringify(req.operacao)}|${JSON.stringify(codes)}`;
    const hit = this.byKey.get(key);
    if (hit) {
      for (const r of hit.refusals) dropRefused(req, r.field);
      return hit;
    }
    const built = await buildItemContext(this.db, req, date);
    if (this.byKey.size >= MAX_CACHED_CONTEXTS) this.byKey.clear();
    this.byKey.set(key, built);
    return built;
  }

  /**
   * The engine's figures of one line, computed once per identical line of the import (same codes, rates, amounts,
   * UF pair and day: the engine is a pure function of them). Only the compared figures are kept, not the memória.
   */
  figures(req: TTaxCalculateRequest, date: string, compute: () => Record<string, number> | null) {
    const key = `${date}|${JSON.stringify(req)}`;
    let found = this.figuresByLine.get(key);
    if (found === undefined) {
      found = compute();
      if (this.figuresByLine.size >= MAX_CACHED_FIGURES) this.figuresByLine.clear();
      this.figuresByLine.set(key, found);
    }
    return found;
  }
}

/** Identical lines kept per import (a few hundred bytes each). */
const MAX_CACHED_FIGURES = 100_000;

function dropRefused(req: TTaxCalculateRequest, field: string): boolean {
  if (field === 'item.icms.cBenef') req.item.icms.cBenef = undefined;
  else if ((field === 'item.ibscbs.cClassTrib' || field === CLASS_NOT_FOR_NCM) && req.item.ibscbs?.cClassTrib)
    req.item.ibscbs.cClassTrib = undefined;
  // An NCM the table does not have is its own finding (rejection 778); the rest of the item is still computed.
  else if (field === 'item.ncm' && req.item.ncm) req.item.ncm = undefined;
  else return false;
  return true;
}

/**
 * The reference facts of the item (buildCalculationContext, the server's one reader of them). A cBenef or
 * cClassTrib the tables refuse is returned as a refusal and left out, so the rest of the item is still computed.
 * `db` must be the pool's handle, not a transaction: the reference snapshot is cached per handle.
 */
export async function buildItemContext(db: DbOrTx, req: TTaxCalculateRequest, date: string): Promise<ItemContext> {
  const refusals: TableRefusal[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return { ctx: await buildCalculationContext(db, req, date), refusals };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION' || !err.errors?.[0]?.field) throw err;
      const { field, message } = err.errors[0];
      const forClass = field === 'item.ncm' && message.includes('cClassTrib') && req.item.ibscbs?.cClassTrib;
      const refusal = { field: forClass ? CLASS_NOT_FOR_NCM : field, message };
      refusals.push(refusal);
      if (!dropRefused(req, refusal.field)) return { ctx: null, refusals };
    }
  }
  return { ctx: null, refusals };
}

/** The engine's figures for the request, or null when the engine refuses its input (nothing is guessed as 0). */
export function recompute(req: TTaxCalculateRequest, ctx: NfeItemContext): TTaxCalculateResponse | null {
  try {
    return calculateNfeItem(req, ctx) as TTaxCalculateResponse;
  } catch {
    return null;
  }
}
