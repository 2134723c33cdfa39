import {
  listTransitionYears,
  type TTaxCalculateRequest,
  type TTaxTransitionRequest,
  type TTaxTransitionResponse,
  type TTransitionPeriod,
  ZTaxCalculateRequest,
} from '@app/contract';
import {
  calculateTransition,
  DEFAULT_TRANSITION_DAY,
  findTransitionDate,
  type NfeItemContext,
  type TransitionInput,
  TransitionYearError,
} from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { buildCalculationContext } from '../tax/tax.service.js';

const refused = (field: string, message: string) => new AppError('VALIDATION', message, [{ field, message }]);

/** The same refusal with the year in front, so a caller of eight years knows which one failed. */
function refusedInYear(ano: number, err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'VALIDATION') return err;
  const errors = (err.errors ?? [{ message: err.message }]).map((e) => ({ ...e, message: `Ano ${ano}: ${e.message}` }));
  return new AppError('VALIDATION', errors[0]?.message ?? `Ano ${ano}: ${err.message}`, errors);
}

/**
 * The dated request of one year, passed through the same gate as POST /tax/calculate: a year the engine does
 * not compute (its request schema refuses the date) is a 400 naming the year, never a row of another year's rates.
 */
export function dateTransitionRequest(
  req: Omit<TTaxTransitionRequest, keyof TTransitionPeriod>,
  ano: number,
  diaMes: string,
): TTaxCalculateRequest {
  let data: string;
  try {
    data = findTransitionDate(ano, diaMes);
  } catch (err) {
    throw refused('diaMes', (err as Error).message);
  }
  const parsed = ZTaxCalculateRequest.safeParse({ ...req, operacao: { ...req.operacao, data } });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const onDate = issue.path.join('.') === 'operacao.data';
  throw refused(
    onDate ? 'anoFinal' : issue.path.join('.'),
    onDate
      ? `Ano ${ano}: o motor tributário ainda não calcula este ano (${issue.message})`
      : `Ano ${ano}: ${issue.message}`,
  );
}

/** The reference facts of every year asked, read and checked once each (buildCalculationContext per date). */
export async function buildTransitionContexts(
  db: DbOrTx,
  req: Omit<TTaxTransitionRequest, keyof TTransitionPeriod>,
  anos: readonly number[],
  diaMes: string,
): Promise<Map<number, NfeItemContext>> {
  const contexts = new Map<number, NfeItemContext>();
  for (const ano of anos) {
    const dated = dateTransitionRequest(req, ano, diaMes);
    try {
      contexts.set(ano, await buildCalculationContext(db, dated, dated.operacao.data!, { isByYear: true }));
    } catch (err) {
      throw refusedInYear(ano, err);
    }
  }
  return contexts;
}

/** The item's years with their memória: contexts first (I/O), then the pure engine. */
export async function calculateItemTransition(
  db: DbOrTx,
  req: TTaxTransitionRequest,
  opts: { memoria: boolean } = { memoria: true },
): Promise<TTaxTransitionResponse> {
  const { anoInicial, anoFinal, diaMes = DEFAULT_TRANSITION_DAY, empresa, ...item } = req;
  const anos = listTransitionYears({ anoInicial, anoFinal });
  const contexts = await buildTransitionContexts(db, item, anos, diaMes);
  try {
    return calculateTransition(item as TransitionInput, (ano) => contexts.get(ano)!, {
      anos,
      diaMes,
      memoria: opts.memoria,
      ...(empresa ? { empresa } : {}),
    }) as TTaxTransitionResponse;
  } catch (err) {
    if (err instanceof TransitionYearError) throw refusedInYear(err.ano, err.cause);
    throw err;
  }
}
