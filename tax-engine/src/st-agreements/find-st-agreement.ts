import { toDecimal } from '../decimal.js';

/**
 * One row of the interstate ICMS-ST agreements table (st_agreements, issue 37): whether the ordered pair of UFs
 * applies ST to the goods of a CEST segment of Convênio ICMS 142/2018 (or to some of its CEST codes), under which
 * Protocolo/Convênio, from when to when, and where that was read. Dates are ISO `YYYY-MM-DD`, both inclusive.
 */
export interface StAgreementRow {
  ufOrigem: string;
  ufDestino: string;
  /** The CEST segment ('01'..'28'): the first two digits of a CEST. */
  cestSegmento: string;
  /** null: the whole segment; else the CEST codes the instrument names ('NN.NNN.NN' or 7 digits). */
  cestCodigos: readonly string[] | null;
  /** true: ST applies between the pair for these goods; false: researched, no agreement. */
  temAcordo: boolean;
  instrumento: string;
  /** MVA original, % (decimal string as NUMERIC answers); null when the instrument leaves it to the destination. */
  mvaOriginal: string | number | null;
  vigenciaInicio: string;
  vigenciaFim: string | null;
  fonteUrl: string;
  fonteNota?: string | null;
}

/** com-acordo: ST applies between the pair; sem-acordo: researched, none; sem-dados: nobody has looked (or conflict). */
export type StAgreementSituation = 'com-acordo' | 'sem-acordo' | 'sem-dados';

export interface StAgreementAnswer {
  situacao: StAgreementSituation;
  instrumento?: string;
  /** MVA original of the instrument, % (4 places); absent when the row has none. */
  mvaOriginal?: number;
  fonte?: { url: string; nota: string | null };
  vigencia?: { inicio: string; fim: string | null };
}

export interface StAgreementQuery {
  ufOrigem: string;
  ufDestino: string;
  /** The item's CEST, with or without dots ('03.021.00' or '0302100'); null/empty: no segment to look up. */
  cest: string | null | undefined;
  /** The operation's date, ISO `YYYY-MM-DD`. */
  date: string;
}

const NO_DATA: StAgreementAnswer = { situacao: 'sem-dados' };

/** '0302100' and '03.021.00' are the same CEST: seven digits, or null when it is not a CEST. */
export function cestDigits(cest: string | null | undefined): string | null {
  const digits = (cest ?? '').replace(/[.\s-]/g, '');
  return /^\d{7}$/.test(digits) ? digits : null;
}

const inForce = (r: StAgreementRow, date: string) =>
  r.vigenciaInicio.slice(0, 10) <= date && (r.vigenciaFim === null || r.vigenciaFim.slice(0, 10) >= date);

/** How specific a row is for the CEST: a code list naming it (fewer codes first) beats the whole segment. */
function specificity(r: StAgreementRow, cest: string): number | null {
  if (r.cestCodigos === null) return Number.MAX_SAFE_INTEGER;
  return r.cestCodigos.some((c) => cestDigits(c) === cest) ? r.cestCodigos.length : null;
}

/**
 * Which agreement governs ICMS-ST on an interstate sale of the goods on the date. Between states ST exists only
 * under an agreement of the UFs concerned (Convênio ICMS 142/2018, cláusula segunda: "A adoção do regime de
 * substituição tributária nas operações interestaduais dependerá de acordo específico celebrado pelas unidades
 * federadas interessadas"), so the answer is the row in force for the ordered pair and the CEST's segment: a row
 * naming the CEST among its codes beats a row for the whole segment; among equals the latest start wins. Rows of
 * the same rank that disagree (one says agreement, the other none) are a conflict of the data: `sem-dados`, so no
 * consumer acts on a guess. A sale inside one UF, an item without a valid CEST or a pair nobody researched:
 * `sem-dados`. Pure: the caller loads the rows (any superset; those of other pairs are ignored).
 */
export function findStAgreement(rows: readonly StAgreementRow[], q: StAgreementQuery): StAgreementAnswer {
  const cest = cestDigits(q.cest);
  if (!cest || q.ufOrigem === q.ufDestino) return NO_DATA;
  const segment = cest.slice(0, 2);
  let best: { row: StAgreementRow; rank: number }[] = [];
  for (const row of rows) {
    if (row.ufOrigem !== q.ufOrigem || row.ufDestino !== q.ufDestino || row.cestSegmento !== segment) continue;
    if (!inForce(row, q.date)) continue;
    const rank = specificity(row, cest);
    if (rank === null) continue;
    if (best.length === 0 || rank < best[0]!.rank) best = [{ row, rank }];
    else if (rank === best[0]!.rank) best.push({ row, rank });
  }
  if (best.length === 0) return NO_DATA;
  const latest = best.reduce((a, b) => (b.row.vigenciaInicio > a.row.vigenciaInicio ? b : a)).row.vigenciaInicio;
  const chosen = best.filter((b) => b.row.vigenciaInicio === latest).map((b) => b.row);
  if (chosen.some((r) => r.temAcordo !== chosen[0]!.temAcordo)) return NO_DATA;
  const row = [...chosen].sort((a, b) => a.instrumento.localeCompare(b.instrumento))[0]!;
  return {
    situacao: row.temAcordo ? 'com-acordo' : 'sem-acordo',
    instrumento: row.instrumento,
    ...(row.mvaOriginal === null || row.mvaOriginal === ''
      ? {}
      : { mvaOriginal: toDecimal(row.mvaOriginal).toDecimalPlaces(4).toNumber() }),
    fonte: { url: row.fonteUrl, nota: row.fonteNota ?? null },
    vigencia: { inicio: row.vigenciaInicio.slice(0, 10), fim: row.vigenciaFim?.slice(0, 10) ?? null },
  };
}
