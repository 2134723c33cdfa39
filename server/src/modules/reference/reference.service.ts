import type {
  TCbenefItem,
  TCclasstribItem,
  TCestItem,
  TCfopItem,
  TCstItem,
  TCstType,
  TIpiEnquadramentoItem,
  TNcmDetail,
  TNcmItem,
  TNcmValidity,
  TReferenceSource,
  TReferenceTable,
  TUfRate,
} from '@app/contract';
import { todayInBrazil } from '@app/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, registerErrors } from '../../lib/app-error.js';
import { findLawCodesForNcm } from '../tax/health/law-codes.repository.js';
import * as repo from './reference.repository.js';

registerErrors({
  NCM_NOT_FOUND: { status: 404, message: 'NCM não encontrado na tabela oficial.' },
  NCM_NOT_IN_TABLE: { status: 400, message: 'NCM não encontrado na tabela oficial.' },
  NCM_NOT_IN_FORCE: { status: 400, message: 'NCM não está vigente.' },
  CEST_NOT_FOUND: { status: 404, message: 'CEST não encontrado na tabela oficial.' },
  CEST_NOT_IN_TABLE: { status: 400, message: 'CEST não encontrado na tabela oficial.' },
  CEST_NCM_MISMATCH: { status: 400, message: 'O CEST não corresponde ao NCM.' },
});

/** Digits only ("0101.21.00" → "01012100"). */
export function normalizeNcm(ncm: string): string {
  return ncm.replace(/\D/g, '');
}

/** "01012100" → "0101.21.00" (the 4.2.2 grouping users read). Shorter codes keep what they have. */
export function formatNcm(ncm: string): string {
  const d = normalizeNcm(ncm);
  if (d.length <= 4) return d;
  return [d.slice(0, 4), d.slice(4, 6), d.slice(6, 8)].filter(Boolean).join('.');
}

function toIsoDate(date: string | Date): string {
  if (typeof date === 'string') return date.slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);
}

function formatDateBr(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function isInForce(row: { startDate: string; endDate: string | null; active: boolean }, date: string): boolean {
  return row.active && row.startDate <= date && (row.endDate === null || row.endDate >= date);
}

/** Lower case without accents, like f_unaccent(lower(…)) in SQL; LIKE wildcards typed by users are dropped. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function toNcmItem(row: repo.NcmRow): TNcmItem {
  return {
    code: row.code,
    description: row.description,
    fullDescription: row.fullDescription,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

/** Digits and dots search by code prefix; anything else searches words, ranked. */
export async function searchNcm(db: DbOrTx, query: { q: string; limit: number }): Promise<TNcmItem[]> {
  const q = query.q.trim();
  if (!q) return [];
  if (/^[\d.\s]+$/.test(q)) {
    const digits = normalizeNcm(q);
    return (await repo.findNcmByPrefix(db, digits, query.limit)).map(toNcmItem);
  }
  const text = normalizeSearchText(q);
  if (text.length < 2) return [];
  const words = text.split(' ').filter((w) => w.length >= 2);
  const rows = await repo.findNcmByWords(db, text, words, query.limit);
  if (rows.length > 0) return rows.map(toNcmItem);
  // Nothing holds every word: retry with word stems, which forgives plurals and wrong endings
  // ("reprodutorez", "acucares") and still uses the trigram index (a similarity scan would not).
  const stems = words.map((w) => w.slice(0, Math.max(4, w.length - 3)));
  return (await repo.findNcmByWords(db, text, stems, query.limit)).map(toNcmItem);
}

export async function getNcm(db: DbOrTx, code: string, date?: string): Promise<TNcmDetail> {
  const row = await repo.findNcmByCode(db, normalizeNcm(code));
  if (!row) throw new AppError('NCM_NOT_FOUND', `NCM ${formatNcm(code)} não encontrado na tabela oficial.`);
  const on = date ?? todayInBrazil();
  return {
    ...toNcmItem(row),
    level: row.level,
    parentCode: row.parentCode,
    active: row.active,
    date: on,
    inForce: isInForce(row, on),
  };
}

export async function getNcmValidity(db: DbOrTx, code: string, date?: string): Promise<TNcmValidity> {
  const ncm = await getNcm(db, code, date);
  return { code: ncm.code, inForce: ncm.inForce, startDate: ncm.startDate, endDate: ncm.endDate };
}

/**
 * For other modules (fiscal rules, products): the NCM must be an eight-digit code of the official
 * table in force on `date`. Throws a 400 AppError with the sentence the user sees.
 */
export async function assertNcmInForce(db: DbOrTx, ncm: string, date: string | Date = todayInBrazil()) {
  const code = normalizeNcm(ncm);
  const row = code.length === 8 ? await repo.findNcmByCode(db, code) : undefined;
  if (!row) throw new AppError('NCM_NOT_IN_TABLE', `NCM ${formatNcm(ncm)} não encontrado na tabela oficial.`);
  const on = toIsoDate(date);
  if (!isInForce(row, on)) {
    throw new AppError('NCM_NOT_IN_FORCE', `NCM ${formatNcm(code)} não está vigente em ${formatDateBr(on)}.`);
  }
  return toNcmItem(row);
}

function cestFits(cest: repo.CestRow, ncm: string): boolean {
  // The official table lists some CESTs (e.g. door-to-door sales) without NCMs: they restrict none.
  return cest.ncmPrefixes.length === 0 || cest.ncmPrefixes.some((p) => ncm.startsWith(p));
}

/**
 * For other modules: the CEST must be in the official table and one of its NCM prefixes must start
 * the NCM. Throws a 400 AppError with the sentence the user sees.
 */
export async function assertCestFitsNcm(db: DbOrTx, cest: string, ncm: string): Promise<void> {
  const code = cest.replace(/\D/g, '');
  const row = code.length === 7 ? await repo.findCestByCode(db, code) : undefined;
  if (!row?.active) throw new AppError('CEST_NOT_IN_TABLE', `CEST ${cest} não encontrado na tabela oficial.`);
  if (!cestFits(row, normalizeNcm(ncm))) {
    throw new AppError('CEST_NCM_MISMATCH', `O CEST ${code} não corresponde ao NCM ${formatNcm(ncm)}.`);
  }
}

export async function checkCestFits(db: DbOrTx, cest: string, ncm: string): Promise<{ fits: boolean }> {
  const row = await repo.findCestByCode(db, cest);
  if (!row) throw new AppError('CEST_NOT_FOUND', `CEST ${cest} não encontrado na tabela oficial.`);
  return { fits: row.active && cestFits(row, normalizeNcm(ncm)) };
}

function toCestItem(row: repo.CestRow): TCestItem {
  return {
    code: row.code,
    description: row.description,
    segment: row.segment,
    item: row.item,
    ncmPrefixes: row.ncmPrefixes,
  };
}

export async function listCests(db: DbOrTx, query: { ncm?: string; q?: string; limit: number }): Promise<TCestItem[]> {
  const text = query.q ? normalizeSearchText(query.q) || undefined : undefined;
  const rows = query.ncm
    ? await repo.findCestsForNcm(db, normalizeNcm(query.ncm), text)
    : await repo.findCests(db, text, query.limit);
  return rows.slice(0, query.limit).map(toCestItem);
}

export async function listCfops(db: DbOrTx, query: { q?: string; direction?: 'in' | 'out' }): Promise<TCfopItem[]> {
  const text = query.q ? normalizeSearchText(query.q) || undefined : undefined;
  return repo.findCfops(db, text, query.direction);
}

export async function listCsts(db: DbOrTx, type?: TCstType): Promise<TCstItem[]> {
  return repo.findCsts(db, type);
}

export async function listCclasstribs(db: DbOrTx, cst?: string, ncm?: string): Promise<TCclasstribItem[]> {
  const [rows, law] = await Promise.all([
    repo.findCclasstribs(db, cst),
    ncm ? findLawCodesForNcm(db, ncm, new Date().toISOString().slice(0, 10)) : [],
  ]);
  // Decision 062: the codes the law gives the NCM first, in the health check's order, each with its annex.
  const rank = new Map(law.map((l, i) => [l.code, i]));
  const annexOf = new Map(law.map((l) => [l.code, `${l.annex} da LC 214/2025 (${l.legalBasis})`]));
  const sorted = [...rows].sort((a, b) => (rank.get(a.code) ?? law.length) - (rank.get(b.code) ?? law.length));
  return sorted.map((r) => ({
    lawAnnex: annexOf.get(r.code) ?? null,
    code: r.code,
    cst: r.cst,
    name: r.name,
    description: r.description,
    legalBasis: r.legalBasis,
    rateType: r.rateType,
    pRedIbs: r.pRedIbs,
    pRedCbs: r.pRedCbs,
    startDate: r.startDate,
    endDate: r.endDate,
    documents: r.documents,
    link: r.link,
  }));
}

export async function listIpiEnquadramentos(db: DbOrTx): Promise<TIpiEnquadramentoItem[]> {
  const rows = await repo.findIpiEnquadramentos(db);
  return rows.map((r) => ({
    code: r.code,
    group: r.cstGroup,
    description: r.description,
    cstIn: r.cstIn,
    cstOut: r.cstOut,
  }));
}

/** The UF's cBenef codes in force: the screens show each code with its official description. */
export async function listCbenefs(db: DbOrTx, uf: string): Promise<TCbenefItem[]> {
  const rows = await repo.findCbenefs(db, uf);
  return rows.map((r) => ({ code: r.code, uf: r.uf, csts: r.csts, description: r.description }));
}

/** Internal ICMS rate and FCP per UF, in percent; the tax engine reads them from here. */
export async function getUfRates(db: DbOrTx): Promise<TUfRate[]> {
  const rows = await repo.findUfRates(db);
  return rows.map((r) => ({
    uf: r.uf,
    name: r.name,
    region: r.region,
    ibge: r.ibge,
    internalRate: Number(r.internalRate),
    fcpRate: Number(r.fcpRate),
    note: r.note,
  }));
}

export async function listSources(db: DbOrTx): Promise<TReferenceSource[]> {
  const rows = await repo.findSources(db);
  return rows.map((r) => ({
    table: r.tableName as TReferenceTable,
    title: r.title,
    source: r.source,
    asOf: r.asOf,
    fileName: r.fileName,
    sha256: r.fileSha256,
    rowCount: r.rowCount,
    loadedAt: r.loadedAt.toISOString(),
  }));
}
