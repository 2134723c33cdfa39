import { countOf, type TDocumentReauditResult } from '@app/contract';
import { Alert, List, Text } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';
import { formatReais } from './format-reais';

/** What a new audit changed: the groups that disappeared (resolved by the fixes) and any that appeared. */
export function ReauditResult({ result, onClose }: { result: TDocumentReauditResult; onClose: () => void }) {
  const resolved = result.resolved.length;
  return (
    <Alert
      color={resolved ? 'green' : 'gray'}
      title={`Auditoria refeita: ${countOf(resolved, 'grupo resolvido', 'grupos resolvidos')}`}
      withCloseButton
      closeButtonLabel="Fechar resultado"
      onClose={onClose}
      data-testid="documents-reaudit-result"
    >
      <Text size="sm">
        Achados: {formatNumber(result.findingsBefore)} antes, {formatNumber(result.findingsAfter)} agora · grupos:{' '}
        {formatNumber(result.groupsBefore)} antes, {formatNumber(result.groupsAfter)} agora.
      </Text>
      {resolved > 0 && (
        <List size="sm" mt="xs" spacing={2}>
          {result.resolved.slice(0, 20).map((g) => (
            <List.Item key={g.key}>
              Resolvido: {g.label} · {g.field} · {g.internalCode} ({countOf(g.items, 'item', 'itens')}
              {g.difference !== null ? `, ${formatReais(g.difference)}` : ''})
            </List.Item>
          ))}
        </List>
      )}
      {result.appeared.length > 0 && (
        <Text size="sm" mt="xs">
          {countOf(result.appeared.length, 'grupo novo apareceu', 'grupos novos apareceram')} com as regras atuais.
        </Text>
      )}
    </Alert>
  );
}
