import type { TSimulationProduct } from '@app/contract';
import { Button, Table, Text } from '@mantine/core';
import { formatNcm, maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';

/** Change in percentage points as shown (2 places): a sign only when it survives the rounding. */
const shown = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100 || 0);
const points = (v: number | null) => {
  const r = shown(v);
  return r === null ? '—' : `${r > 0 ? '+' : ''}${formatNumber(r, 2)}`;
};

/** The run's products, the largest rise of load first; each opens its years with the memória. */
export function RiseTable({ items, onOpen }: { items: TSimulationProduct[]; onOpen: (p: TSimulationProduct) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="rise-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>NCM</Table.Th>
            <Table.Th ta="right">Carga inicial (%)</Table.Th>
            <Table.Th ta="right">Carga final (%)</Table.Th>
            <Table.Th ta="right">Variação (p.p.)</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.productId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.internalCode}</Table.Td>
              <Table.Td>
                {p.description}
                {p.erro && (
                  <Text size="xs" c="red.9">
                    {maskCodesInText(p.erro)}
                  </Text>
                )}
                {p.anexoIgnorado && (
                  <Text size="xs" c="orange" data-testid="annex-ignored">
                    Regra em alíquota cheia: a LC 214/2025 reduz este NCM (cClassTrib proposto:{' '}
                    {p.anexoIgnorado.cClassTribProposto.join(' ou ')}). A carga final mostrada é a da regra atual.
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNcm(p.ncm)}</Table.Td>
              <Table.Td ta="right">{formatNumber(p.pCargaInicial, 2)}</Table.Td>
              <Table.Td ta="right">{formatNumber(p.pCargaFinal, 2)}</Table.Td>
              <Table.Td ta="right" fw={600} c={(shown(p.variacao) ?? 0) > 0 ? 'red.9' : undefined}>
                {points(p.variacao)}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onOpen(p)}
                  aria-label={`Ver anos de ${p.description}`}
                >
                  Ver anos
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
