import type { TStAgreement, ZStAgreementCreate } from '@app/contract';
import type { z } from 'zod';
import type { StAgreementValues } from './st-agreements.repository.js';

/** The written columns of a validated body (the API's) or a seed line (the same schema). */
export function valuesOf(input: z.output<typeof ZStAgreementCreate>): StAgreementValues {
  return {
    ufOrigem: input.ufOrigem,
    ufDestino: input.ufDestino,
    cestSegmento: input.cestSegmento,
    cestCodigos: input.cestCodigos,
    temAcordo: input.temAcordo,
    instrumento: input.instrumento,
    mvaOriginal: input.mvaOriginal,
    vigenciaInicio: input.vigenciaInicio,
    vigenciaFim: input.vigenciaFim,
    fonteUrl: input.fonteUrl,
    fonteNota: input.fonteNota,
  };
}

/** Whether writing the values would change nothing of the row (the MVA compared as a number: 71.78 = 71.7800). */
export const sameValues = (a: TStAgreement, v: StAgreementValues) =>
  a.ufOrigem === v.ufOrigem &&
  a.ufDestino === v.ufDestino &&
  a.cestSegmento === v.cestSegmento &&
  (a.cestCodigos ?? []).join(',') === (v.cestCodigos ?? []).join(',') &&
  a.temAcordo === v.temAcordo &&
  a.instrumento === v.instrumento &&
  (a.mvaOriginal === null ? null : Number(a.mvaOriginal)) === (v.mvaOriginal === null ? null : Number(v.mvaOriginal)) &&
  a.vigenciaInicio === v.vigenciaInicio &&
  a.vigenciaFim === v.vigenciaFim &&
  a.fonteUrl === v.fonteUrl &&
  a.fonteNota === v.fonteNota;
