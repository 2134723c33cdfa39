import type { TSimulationProduct } from '@app/contract';
import { Anchor, Button, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatNcm, maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';

interface Props {
  items: TSimulationProduct[];
  total: number;
  /** Members reach the product in their catalogue; partner staff have no catalogue screen and open its years. */
  catalogueLinks: boolean;
  onOpen: (p: TSimulationProduct) => void;
}

/** "Recusados pelo motor": each product the engine refused, why, and a way to it. */
export function RefusedTable({ items, total, catalogueLinks, onOpen }: Props) {
  if (total === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="refused-table">
      <Title order={2} size="h5" mb={4}>
        Recusados pelo motor ({formatNumber(total)})
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Estes produtos ficaram fora dos totais: a regra fiscal de cada um tem um código que o motor não aceita. Corrija
        a regra e simule de novo.
        {total > items.length && ` Mostrando ${formatNumber(items.length)}; a lista inteira está no XLSX.`}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Código</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>NCM</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.productId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {catalogueLinks ? (
                    <Anchor
                      component={Link}
                      to={paths.member.home}
                      state={{ searchOptions: { field: 'internalCode', text: p.internalCode } }}
                      aria-label={`Abrir ${p.internalCode} — ${p.description} no catálogo`}
                    >
                      {p.internalCode}
                    </Anchor>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => onOpen(p)}
                      aria-label={`Ver ${p.internalCode} — ${p.description}`}
                    >
                      {p.internalCode}
                    </Button>
                  )}
                </Table.Td>
                <Table.Td>{p.description}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNcm(p.ncm)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="red.9">
                    {maskCodesInText(p.erro ?? '')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
