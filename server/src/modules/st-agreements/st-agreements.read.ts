import type { StAgreementRow } from '@app/tax-engine';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

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
  const where: SQL[] = [sql`true`];
  if (f.ufOrigem) where.push(sql`uf_origem = ${f.ufOrigem}`);
  if (f.ufDestino) where.push(sql`uf_destino = ${f.ufDestino}`);
  if (f.date)
    where.push(sql`vigencia_inicio <= ${f.date}::date AND (vigencia_fim IS NULL OR vigencia_fim >= ${f.date}::date)`);
  const rows = await db.execute<StAgreementRow & Record<string, unknown>>(sql`
    SELECT uf_origem AS "ufOrigem", uf_destino AS "ufDestino", cest_segmento AS "cestSegmento",
      cest_codigos AS "cestCodigos", tem_acordo AS "temAcordo", instrumento, mva_original::text AS "mvaOriginal",
      vigencia_inicio::text AS "vigenciaInicio", vigencia_fim::text AS "vigenciaFim", fonte_url AS "fonteUrl",
      fonte_nota AS "fonteNota"
    FROM st_agreements WHERE ${sql.join(where, sql` AND `)}
    ORDER BY uf_origem, uf_destino, cest_segmento, vigencia_inicio`);
  return rows.rows;
}
