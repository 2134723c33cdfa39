import type { TTaxCalculateRequest, TTaxCalculateResponse, Uf } from '@app/contract';
import { calculateNfeItem, type NfeItemContext } from '@app/tax-engine';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { buildCalculationContext } from '../../tax/tax.service.js';
import type { DocumentItem, FiscalDocument } from '../read/document-model.js';

export type IcmsOverride = Partial<TTaxCalculateRequest['item']['icms']>;

const opt = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

/**
 * The engine request of one document item, from the document's own codes and rates (the NF-e layout's tags are
 * the request's fields), optionally with the ICMS part replaced by what the fiscal rule says. `date` is the
 * document's (the import's day when it has none): the year of the rules (PIS/COFINS and IPI from 2027, the ICMS
 * fractions of 2029–2032) is the document's, as its dated facts are.
 */
export function buildItemRequest(
  doc: FiscalDocument,
  item: DocumentItem,
  date: string,
  icms?: IcmsOverride,
): TTaxCalculateRequest {
  const t = item.taxes;
  const p = item.prod;
  const own: TTaxCalculateRequest['item']['icms'] = {
    cst: opt(t['ICMS.CST']),
    csosn: opt(t['ICMS.CSOSN']),
    pICMS: opt(t['ICMS.pICMS']),
    pRedBC: opt(t['ICMS.pRedBC']),
    // The document's pMVAST is the margin it applied (already adjusted when interstate).
    pMVAST: opt(t['ICMS.pMVAST']),
    ajustarMva: false,
    pRedBCST: opt(t['ICMS.pRedBCST']),
    pICMSST: opt(t['ICMS.pICMSST']),
    pFCP: opt(t['ICMS.pFCP']),
    pFCPST: opt(t['ICMS.pFCPST']),
    pDif: opt(t['ICMS.pDif']),
    cBenef: opt(p.cBenef),
  };
  const crt = Number(doc.ide.CRT);
  return {
    operacao: {
      ufOrigem: (doc.ufOrigin ?? 'SP') as Uf,
      ufDestino: (doc.ufDestination ?? doc.ufOrigin ?? 'SP') as Uf,
      consumidorFinal: doc.ide.indFinal === '1',
      contribuinte: doc.ide.indIEDest !== '9',
      crt: crt >= 1 && crt <= 4 ? crt : undefined,
      data: date,
    },
    item: {
      vProd: p.vProd ?? '0',
      vFrete: opt(p.vFrete),
      vSeg: opt(p.vSeg),
      vOutro: opt(p.vOutro),
      vDesc: opt(p.vDesc),
      ncm: /^\d{8}$/.test(p.NCM ?? '') ? p.NCM : undefined,
      // The goods' origin decides the interstate rate (4 % for imported goods, Resolução do Senado 13/2012).
      origem: /^[0-8]$/.test(t['ICMS.orig'] ?? '') ? Number(t['ICMS.orig']) : undefined,
      icms: { ...own, ...icms },
      ipi: t['IPI.CST'] ? { cst: t['IPI.CST'], pIPI: opt(t['IPI.pIPI']) } : undefined,
      pis: t['PIS.CST'] ? { cst: t['PIS.CST'], pPIS: opt(t['PIS.pPIS']) } : undefined,
      cofins: t['COFINS.CST'] ? { cst: t['COFINS.CST'], pCOFINS: opt(t['COFINS.pCOFINS']) } : undefined,
      ibscbs: t['IBSCBS.CST'] ? { cst: t['IBSCBS.CST'], cClassTrib: opt(t['IBSCBS.cClassTrib']) } : undefined,
    },
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
