import type { TSimulationProduct } from '@app/contract';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatNcm, maskCodesInText } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';
import { type SelectedCompany, setSelectedCompany } from '../../../lib/session';

interface Props {
  items: TSimulationProduct[];
  total: number;
  /**
   * The simulated company: the link selects it before opening its catalogue, since the screen's company
   * (chosen in its own select) need not be the one selected for the member area.
   */
  company: SelectedCompany | undefined;
}

/**
 * "Recusados pelo motor": each product the engine refused, why, and a way to it. Every role that sees the simulation
 * opens a refused product the same way: the company's catalogue (/member/home, open to Members and to partner staff
 * with the company selected) searched by its code, where its rule can be corrected.
 */
export function RefusedTable({ items, total, company }: Props) {
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
                  <Anchor
                    component={Link}
                    to={paths.member.home}
                    state={{ searchOptions: { field: 'internalCode', text: p.internalCode } }}
                    onClick={() => company && setSelectedCompany(company)}
                    aria-label={`Abrir ${p.internalCode} — ${p.description} no catálogo`}
                  >
                    {p.internalCode}
                  </Anchor>
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
