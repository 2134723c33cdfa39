import { Loader, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../../components/ui/format';
import { useUfTaxRules } from '../api/get-uf-tax-rules';

const yesNo = (v: boolean) => (v ? 'Sim' : 'Não');

/** Read-only: the state rules the tax engine applies when a request does not say (issue 14 §2). */
export function UfTaxRulesTable({ enabled }: { enabled: boolean }) {
  const rules = useUfTaxRules(enabled);
  if (rules.isLoading) return <Loader size="sm" />;
  return (
    <>
      <Title order={3} size="h5" mt="md">
        Regras estaduais
      </Title>
      <Table striped withTableBorder verticalSpacing="xs" data-testid="uf-tax-rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>UF</Table.Th>
            <Table.Th>DIFAL</Table.Th>
            <Table.Th>Desoneração</Table.Th>
            <Table.Th>cBenef obrigatório</Table.Th>
            <Table.Th>Vigência</Table.Th>
            <Table.Th>Fonte</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rules.data ?? []).map((r) => (
            <Table.Tr key={`${r.uf}-${r.validFrom}`}>
              <Table.Td>{r.uf}</Table.Td>
              <Table.Td>
                {r.difalMethod === 'dupla' ? 'Base dupla' : 'Base única'}
                {r.difalFcpInGrossUp ? ' (FCP no cálculo por dentro)' : ''}
              </Table.Td>
              <Table.Td>{r.reliefFormula === 'por-dentro' ? 'Por dentro' : 'Simples'}</Table.Td>
              <Table.Td>
                {yesNo(r.cbenefRequired)}{' '}
                {r.cbenefCount > 0
                  ? `(${r.cbenefCount.toLocaleString('pt-BR')} códigos)`
                  : '(tabela da UF não carregada: códigos não verificados)'}
              </Table.Td>
              <Table.Td>
                {formatDate(r.validFrom)}
                {r.validTo ? ` a ${formatDate(r.validTo)}` : ' em diante'}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{r.source}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
