import type { TOperationStAgreement, TStAgreementLookupQuery } from '@app/contract';
import { todayInBrazil } from '@app/contract';
import { findStAgreement } from '@app/tax-engine';
import type { DbOrTx } from '../../db/client.js';
import { loadStAgreements } from '../st-agreements/st-agreements.read.js';

/**
 * GET /tax/st-agreement: the interstate ICMS-ST agreement of an ordered UF pair for a CEST on a date (today when
 * absent), read from st_agreements for this request only — the ST calculator says which agreement governs and lends
 * its MVA original when the rule has none (issue 37, decision 065). A pair nobody recorded answers sem-dados.
 */
export async function lookUpStAgreement(db: DbOrTx, q: TStAgreementLookupQuery): Promise<TOperationStAgreement> {
  const date = q.data ?? todayInBrazil();
  const rows = await loadStAgreements(db, { ufOrigem: q.ufOrigem, ufDestino: q.ufDestino, date });
  return findStAgreement(rows, { ufOrigem: q.ufOrigem, ufDestino: q.ufDestino, cest: q.cest, date });
}
