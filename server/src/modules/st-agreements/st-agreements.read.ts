import type { StAgreementRow } from '@app/tax-engine';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agreementsWhere } from './st-agreements.repository.js';

/**
 * Reads of the interstate ICMS-ST agreements (st_agreements) for the consumers — the operations query, the ST
 * calculator's lookup and the documents audit — in the engine's row shape (findStAgreement). SQL only. Nothing is
 * kept between requests: several server processes answer as one, and an Admin's edit must be seen by the next
 * request; an import loads once and reuses the rows for its documents.
 */
export interface StAgreementFilter {
  ufOrigem?: string;
  ufDestino?: string;
  /** Only the rows in force on this day (ISO date). */
  date?: string;
}

export async function loadStAgreements(db: DbOrTx, f: StAgreementFilter = {}): Promise<StAgreementRow[]> {
  const where = agreementsWhere({ ufOrigem: f.ufOrigem, ufDestino: f.ufDestino, vigenteEm: f.date });
  const rows = await db.execute<StAgreementRow & Record<string, unknown>>(sql`
    SELECT a.uf_origem AS "ufOrigem", a.uf_destino AS "ufDestino", a.cest_segmento AS "cestSegmento",
      a.cest_codigos AS "cestCodigos", a.tem_acordo AS "temAcordo", a.instrumento,
      a.mva_original::text AS "mvaOriginal", a.vigencia_inicio::text AS "vigenciaInicio",
      a.vigencia_fim::text AS "vigenciaFim", a.fonte_url AS "fonteUrl", a.fonte_nota AS "fonteNota"
    FROM st_agreements a WHERE ${where}
    ORDER BY a.uf_origem, a.uf_destino, a.cest_segmento, a.vigencia_inicio`);
  return rows.rows;
}
