import type { TStAgreement } from '@app/contract';
import { formatDate } from '../../../components/ui/format';

/**
 * An agreement's validity as the screens write it — "desde 01/01/2024" or "de 01/01/2024 a 31/12/2025" — worded as
 * the server's messages word it (st-agreements.service.ts, describePeriod).
 */
export const formatAgreementPeriod = (a: Pick<TStAgreement, 'vigenciaInicio' | 'vigenciaFim'>) =>
  a.vigenciaFim
    ? `de ${formatDate(a.vigenciaInicio)} a ${formatDate(a.vigenciaFim)}`
    : `desde ${formatDate(a.vigenciaInicio)}`;
