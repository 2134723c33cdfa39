import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TReferenceTable } from '@app/contract';
import { repoRoot } from '../../../config.js';

/** The official files bundled with the project (public facts, copied as published). */
export const referenceDataDir = path.join(repoRoot, 'reference-data');

export interface SourceMeta {
  file: string;
  title: string;
  source: string;
  asOf: string;
}

let cached: Record<TReferenceTable, SourceMeta> | undefined;

/** reference-data/sources.json: file, title, source and "as of" of each bundled table. */
export function readSourcesMeta(): Record<TReferenceTable, SourceMeta> {
  cached ??= JSON.parse(readFileSync(path.join(referenceDataDir, 'sources.json'), 'utf8')) as Record<
    TReferenceTable,
    SourceMeta
  >;
  return cached;
}

export function bundledFile(table: TReferenceTable): string {
  return path.join(referenceDataDir, readSourcesMeta()[table].file);
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** dd/mm/aaaa → aaaa-mm-dd; 31/12/9999 (the file's "no end") and blanks → null. */
export function parseBrDate(value: string | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((value ?? '').trim());
  if (!m) return null;
  if (m[3] === '9999') return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** aaaa-mm-dd or blank → value or null. */
export function parseIsoDate(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

/** Trims and collapses spaces (the files carry non-breaking spaces and doubled blanks). */
export function cleanText(value: string | undefined): string {
  return (value ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
