import { randomBytes } from 'node:crypto';
import { describeForLog } from '../plugins/http-statuses.js';

/** The part of a logger a background job needs (pino's and Fastify's loggers fit). */
export interface FailureLog {
  error: (obj: object, msg: string) => void;
}

/**
 * Outside a request (a worker thread, a script) there is no Fastify logger: one JSON line on stderr, the shape
 * pino writes, so the operator's log collector reads both alike.
 */
export const stderrLog: FailureLog = {
  error: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), ...obj, msg })}\n`),
};

/**
 * Logs a failure the user will only see as a Portuguese sentence and returns the reference that ties the two: the
 * sentence carries the reference, the log carries the error's type, codes and stack (never its message, which for
 * a failed query holds the SQL and the document's values — the same rule as the 5xx handler's).
 */
export function logFailure(log: FailureLog, err: unknown, context: Record<string, unknown>, msg: string): string {
  const reference = randomBytes(4).toString('hex');
  log.error({ reference, ...context, err: describeForLog(err) }, msg);
  return reference;
}

/** PostgreSQL's SQLSTATE of a failed query, whether the driver's error is thrown bare or wrapped (Drizzle). */
export function databaseCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : typeof e?.code === 'string' ? e.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What a database refusal means for the person who sent the data, by SQLSTATE class (PostgreSQL appendix A), in
 * words that name no table, column or statement.
 */
export function describeDatabaseRefusal(err: unknown): string {
  const code = databaseCode(err) ?? '';
  if (code === '22003') return 'um valor numérico passa do limite que o sistema grava';
  if (code === '22007' || code === '22008') return 'uma data não existe no calendário';
  if (code === '22001') return 'um texto passa do tamanho que o sistema grava';
  if (code === '22P02' || code === '22P05' || code === '22021') return 'um campo tem conteúdo que não é aceito';
  if (code.startsWith('22')) return 'um valor está fora do formato aceito';
  if (code.startsWith('23')) return 'um dado conflita com o que já está gravado';
  if (code.startsWith('40') || code === '55P03' || code === '57014') return 'o banco de dados estava ocupado';
  return 'o banco de dados recusou a gravação';
}
