import type { TNcmDetail } from '@app/contract';
import { formatNcm } from '../../../components/ui/fiscal-masks';
import { formatDate } from '../../../components/ui/format';

/** The sentences the server's rule checks use, shown next to the field before saving. */
export const ncmNotFoundMessage = (code: string) => `NCM ${formatNcm(code)} não encontrado na tabela oficial.`;

export const ncmNotInForceMessage = (ncm: Pick<TNcmDetail, 'code' | 'date'>) =>
  `NCM ${formatNcm(ncm.code)} não está vigente em ${formatDate(ncm.date)}.`;

export const cestMismatchMessage = (cest: string, ncm: string) =>
  `O CEST ${cest} não corresponde ao NCM ${formatNcm(ncm)}.`;
