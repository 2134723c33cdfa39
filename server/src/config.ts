import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, so that defaults do not depend on the directory npm runs us from. */
// Two levels up from server/src/config.ts and from the bundle server/dist/server.js alike.
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  cnpjRegistryUrl: string;
  dfeUrl: string;
  dfeTokenSecret: string;
  cookieSecure: boolean;
  logLevel: string;
  /** Trust X-Forwarded-* (only behind a reverse proxy; otherwise clients could fake their IP for rate limits). */
  trustProxy: boolean;
  webDistDir: string;
  /** Run background-job workers in this process (JOB_WORKERS=false for API-only processes; tests drain by hand). */
  jobWorkers: boolean;
  /** Upload limit of the global base import (contract GLOBAL_IMPORT_MAX_BYTES; tests lower it to send an oversize file). */
  globalImportMaxBytes: number;
  /** How long a process may serve a resolved session from memory (decision 031); 0 turns the cache off. */
  sessionCacheSeconds: number;
  /** Webhook deliveries may reach loopback/private addresses (WEBHOOK_ALLOW_PRIVATE=true; tests, local ERPs). */
  webhookAllowPrivate: boolean;
  /** One delivery attempt's limit (connect to last byte). */
  webhookTimeoutMs: number;
  /** Multiplies the retry delays of deliveries (1; tests use 0 to retry at once). */
  webhookRetryScale: number;
  /**
   * Threads that compute part of a large whole invoice's lines beside the request's own (decision 050):
   * TAX_NFE_THREADS, default one less than the cores (at most 3); 0 computes every invoice in the request's thread.
   */
  taxNfeThreads: number;
  /**
   * The XSD check of NF-e runs in a thread of its own beside the rule book (decision 073): NFE_SCHEMA_THREAD, default
   * on; 0 checks in the request's thread (the bench's "before").
   */
  nfeSchemaThread: boolean;
  /**
   * The XSD check's fast path (decision 077): a validator compiled from the same XSDs proves plain valid documents
   * valid on the tree already read, and libxml2 checks only the rest (NFE_SCHEMA_FAST, default on; 0 sends every
   * document to libxml2, the bench's "before").
   */
  nfeSchemaFast: boolean;
  /**
   * How long one XSD check may wait for that thread, its queue included (NFE_SCHEMA_TIMEOUT_MS, at least 100 ms): past
   * it that check alone gets a 503; the thread is started again only when the check it is running takes that long.
   */
  nfeSchemaTimeoutMs: number;
  /** Checks waiting for that thread at most (NFE_SCHEMA_MAX_PENDING); above it a 503 with Retry-After. */
  nfeSchemaMaxPending: number;
  /** Bytes of NF-e held for that thread at most (NFE_SCHEMA_MAX_QUEUED_MB); above it a 503 with Retry-After. */
  nfeSchemaMaxQueuedBytes: number;
  /** Limits of the company documents' import (issue 35, decision 056): every reader and job is bounded by them. */
  documents: DocumentLimits;
}

/** What one upload of company documents may cost (README, "Limites"); the NF-e layout's own limits are defaults. */
export interface DocumentLimits {
  /** Characters of a tag the layout table does not list (DOCUMENTS_MAX_TEXT_CHARS); the listed tags use the layout's. */
  maxTextChars: number;
  /** Items (det) of one NF-e: 990 in the layout (MOC 4.00, nItem 1–990; DOCUMENTS_MAX_ITEMS). */
  maxItems: number;
  /** Inflated bytes of one XML inside a ZIP (DOCUMENTS_ZIP_ENTRY_MB). */
  maxZipEntryBytes: number;
  /** Files read from one ZIP; the rest are counted in one problem row (DOCUMENTS_ZIP_MAX_ENTRIES). */
  maxZipEntries: number;
  /** Problem rows kept per import; the rest are counted in one summary row (DOCUMENTS_MAX_PROBLEM_ROWS). */
  maxProblemRows: number;
  /** Reading time of one import; past it the rest is not read (DOCUMENTS_IMPORT_SECONDS). */
  importSeconds: number;
  /** Heap of the thread that reads the files (DOCUMENTS_READER_HEAP_MB): running out ends the import, not the server. */
  readerHeapMb: number;
  /**
   * Each NF-e goes through the rule book while it is read (decision 060); DOCUMENTS_AUDIT_RULES=0 turns it off (the
   * bench's "before").
   */
  auditRules: boolean;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxTextChars: 64 * 1024,
  maxItems: 990,
  maxZipEntryBytes: 20 * 1024 * 1024,
  maxZipEntries: 100_000,
  maxProblemRows: 1000,
  importSeconds: 30 * 60,
  readerHeapMb: 96,
  auditRules: true,
};

/** NFE_SCHEMA_TIMEOUT_MS's default: a 5 MB NF-e takes well under a second to check, the rest is a queue. */
export const DEFAULT_NFE_SCHEMA_TIMEOUT_MS = 15_000;
/** Below this an XSD check of an ordinary NF-e could not finish: every check would time out. */
export const MIN_NFE_SCHEMA_TIMEOUT_MS = 100;
/**
 * NFE_SCHEMA_MAX_PENDING / NFE_SCHEMA_MAX_QUEUED_MB's defaults: a 50-item NF-e takes the thread a few ms, a 5 MB one
 * well under a second; 64 checks or 64 MB (a dozen bodies of the 5 MB most) are seconds of work, under the timeout.
 */
export const DEFAULT_NFE_SCHEMA_MAX_PENDING = 64;
export const DEFAULT_NFE_SCHEMA_MAX_QUEUED_BYTES = 64 * 1024 * 1024;

function readInt(value: string | undefined, fallback: number, name: string, max = 65535, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    const range = min > 0 ? ` (de ${min} a ${max})` : '';
    throw new Error(`${name} inválido: "${value}"${range}`);
  }
  return n;
}

const SWITCH_OFF = ['0', 'false', 'off', 'no', 'nao', 'não'];
const SWITCH_ON = ['1', 'true', 'on', 'yes', 'sim'];

/** An on/off setting: unset or empty is the default; anything but the words above stops the start, as readInt does. */
export function readSwitch(value: string | undefined, fallback: boolean, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (SWITCH_OFF.includes(v)) return false;
  if (SWITCH_ON.includes(v)) return true;
  throw new Error(`${name} inválido: "${value}" (use 1/true/on ou 0/false/off)`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = readInt(env.PORT, 3000, 'PORT');
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: readInt(env.EMBEDDED_PG_PORT, 5433, 'EMBEDDED_PG_PORT'),
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@localhost').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Plataforma Fiscal <no-reply@localhost>',
    publicUrl,
    cnpjRegistryUrl: env.CNPJ_REGISTRY_URL ?? 'https://publica.cnpj.ws/cnpj',
    dfeUrl: env.DFE_URL ?? 'https://dfe.example.com/login',
    // A random secret per process is safe: tokens are short-lived and only need to survive minutes.
    dfeTokenSecret: env.DFE_TOKEN_SECRET ?? cryptoRandom(),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https://'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'web/dist'),
    jobWorkers: env.JOB_WORKERS !== 'false',
    globalImportMaxBytes: 256 * 1024 * 1024,
    sessionCacheSeconds: readInt(env.SESSION_CACHE_SECONDS, 5, 'SESSION_CACHE_SECONDS'),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookTimeoutMs: 10_000,
    webhookRetryScale: 1,
    taxNfeThreads: readInt(env.TAX_NFE_THREADS, Math.min(3, availableParallelism() - 1), 'TAX_NFE_THREADS'),
    nfeSchemaThread: readSwitch(env.NFE_SCHEMA_THREAD, true, 'NFE_SCHEMA_THREAD'),
    nfeSchemaFast: readSwitch(env.NFE_SCHEMA_FAST, true, 'NFE_SCHEMA_FAST'),
    nfeSchemaTimeoutMs: readInt(
      env.NFE_SCHEMA_TIMEOUT_MS,
      DEFAULT_NFE_SCHEMA_TIMEOUT_MS,
      'NFE_SCHEMA_TIMEOUT_MS',
      10 * 60_000,
      MIN_NFE_SCHEMA_TIMEOUT_MS,
    ),
    nfeSchemaMaxPending: readInt(
      env.NFE_SCHEMA_MAX_PENDING,
      DEFAULT_NFE_SCHEMA_MAX_PENDING,
      'NFE_SCHEMA_MAX_PENDING',
      100_000,
      1,
    ),
    nfeSchemaMaxQueuedBytes:
      readInt(
        env.NFE_SCHEMA_MAX_QUEUED_MB,
        DEFAULT_NFE_SCHEMA_MAX_QUEUED_BYTES / (1024 * 1024),
        'NFE_SCHEMA_MAX_QUEUED_MB',
        64 * 1024,
        1,
      ) *
      1024 *
      1024,
    documents: readDocumentLimits(env),
  };
}

function readDocumentLimits(env: NodeJS.ProcessEnv): DocumentLimits {
  const d = DEFAULT_DOCUMENT_LIMITS;
  const mb = 1024 * 1024;
  return {
    maxTextChars: readInt(env.DOCUMENTS_MAX_TEXT_CHARS, d.maxTextChars, 'DOCUMENTS_MAX_TEXT_CHARS', 512 * mb),
    maxItems: readInt(env.DOCUMENTS_MAX_ITEMS, d.maxItems, 'DOCUMENTS_MAX_ITEMS'),
    maxZipEntryBytes: readInt(env.DOCUMENTS_ZIP_ENTRY_MB, d.maxZipEntryBytes / mb, 'DOCUMENTS_ZIP_ENTRY_MB', 1024) * mb,
    maxZipEntries: readInt(env.DOCUMENTS_ZIP_MAX_ENTRIES, d.maxZipEntries, 'DOCUMENTS_ZIP_MAX_ENTRIES', 10_000_000),
    maxProblemRows: readInt(env.DOCUMENTS_MAX_PROBLEM_ROWS, d.maxProblemRows, 'DOCUMENTS_MAX_PROBLEM_ROWS', 1_000_000),
    importSeconds: readInt(env.DOCUMENTS_IMPORT_SECONDS, d.importSeconds, 'DOCUMENTS_IMPORT_SECONDS', 24 * 3600),
    readerHeapMb: readInt(env.DOCUMENTS_READER_HEAP_MB, d.readerHeapMb, 'DOCUMENTS_READER_HEAP_MB', 16 * 1024),
    auditRules: readSwitch(env.DOCUMENTS_AUDIT_RULES, d.auditRules, 'DOCUMENTS_AUDIT_RULES'),
  };
}

function cryptoRandom(): string {
  return globalThis.crypto
    .getRandomValues(new Uint8Array(32))
    .reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
}
