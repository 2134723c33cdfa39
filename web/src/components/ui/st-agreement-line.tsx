import type { TOperationStAgreement } from '@app/contract';
import { Anchor, Text } from '@mantine/core';
import { formatDecimal } from './fiscal-masks';
import { formatDate } from './format';

/**
 * One line saying which interstate ICMS-ST agreement governs an operation (issue 37, decision 065): the instrument
 * with its source, "sem acordo" where the pair was researched without one, or "sem dados do acordo" where nobody
 * recorded the pair and CEST segment (the figures then come from the rule's own protocol/agreement fields).
 * Shared by the operations details and the ST calculator.
 */
export function StAgreementLine({
  acordo,
  ufOrigem,
  ufDestino,
}: {
  acordo: TOperationStAgreement;
  ufOrigem: string;
  ufDestino: string;
}) {
  const source = acordo.fonte && (
    <>
      {' '}
      (
      <Anchor href={acordo.fonte.url} target="_blank" rel="noopener noreferrer" size="sm">
        fonte
      </Anchor>
      )
    </>
  );
  return (
    <Text size="sm" data-testid="st-agreement-line">
      <b>Acordo de ST:</b>{' '}
      {acordo.situacao === 'sem-dados' ? (
        `sem dados do acordo entre ${ufOrigem} e ${ufDestino} para este CEST`
      ) : acordo.situacao === 'sem-acordo' ? (
        <>
          sem acordo entre {ufOrigem} e {ufDestino} para este CEST ({acordo.instrumento}){source}
        </>
      ) : (
        <>
          {acordo.instrumento}
          {acordo.mvaOriginal === undefined ? '' : `, MVA original ${formatDecimal(acordo.mvaOriginal)}%`}
          {acordo.vigencia ? `, vigente desde ${formatDate(acordo.vigencia.inicio)}` : ''}
          {source}
        </>
      )}
    </Text>
  );
}
