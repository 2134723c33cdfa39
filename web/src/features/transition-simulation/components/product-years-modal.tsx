import type { TSimulationProduct } from '@app/contract';
import { Accordion, Alert, Code, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatNcm } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';
import { useProductYears } from '../api/get-product-years';
import { YearsTable } from './years-table';

/** A product's years as POST /tax/transition answers them for its item, each year's memória below. */
export function ProductYearsModal({
  simulationId,
  product,
  onClose,
}: {
  simulationId: string;
  product: TSimulationProduct | null;
  onClose: () => void;
}) {
  const years = useProductYears(simulationId, product?.productId ?? null);
  const data = years.data;
  return (
    <Modal
      opened={!!product}
      onClose={onClose}
      size="xl"
      title={product ? `${product.internalCode} — ${product.description}` : ''}
    >
      {years.isLoading && <Loader />}
      {data && !data.item && <Alert color="red">O motor recusou o item deste produto: {data.product.erro}</Alert>}
      {data?.item && (
        <Stack>
          <Text size="sm" c="dimmed">
            Venda {data.item.operacao.ufOrigem} → {data.item.operacao.ufDestino}, valor R${' '}
            {formatNumber(Number(data.item.item.vProd), 2)}, NCM {formatNcm(data.item.item.ncm)}, calculada em{' '}
            {data.item.diaMes?.split('-').reverse().join('/')} de cada ano.
          </Text>
          <YearsTable rows={data.anos} caption="Tributos do item por ano" />
          <Accordion variant="separated" data-testid="memoria">
            {data.anos.map((ano) => (
              <Accordion.Item key={ano.ano} value={String(ano.ano)}>
                <Accordion.Control>Memória de cálculo de {ano.ano}</Accordion.Control>
                <Accordion.Panel>
                  <Table withTableBorder fz="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Campo</Table.Th>
                        <Table.Th>Fórmula</Table.Th>
                        <Table.Th ta="right">Resultado</Table.Th>
                        <Table.Th>Base legal</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {ano.memoria.map((s) => (
                        <Table.Tr key={s.passo}>
                          <Table.Td>
                            <Code>{s.campo}</Code> {s.descricao}
                          </Table.Td>
                          <Table.Td>{s.formula}</Table.Td>
                          <Table.Td ta="right">{s.resultado}</Table.Td>
                          <Table.Td>{s.baseLegal}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
    </Modal>
  );
}
