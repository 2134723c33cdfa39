import { documentFindingSeverityLabels, type TDocumentFindingSeverity } from '@app/contract';
import { Badge } from '@mantine/core';

const colors: Record<TDocumentFindingSeverity, string> = { rejeicao: 'red', risco: 'orange', informativo: 'gray' };

/** Rejeição (SEFAZ would refuse it), Risco (tax due differs) or Informativo, in words and colour. */
export function SeverityBadge({ severity }: { severity: TDocumentFindingSeverity }) {
  return (
    <Badge size="xs" variant="light" color={colors[severity]}>
      {documentFindingSeverityLabels[severity]}
    </Badge>
  );
}
