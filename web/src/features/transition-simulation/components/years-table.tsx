import { transitionColumnLabels as col, type TTransitionYear } from '@app/contract';
import { Badge, Table } from '@mantine/core';
import { formatNumber } from '../../../components/ui/format';
import { presentTaxes } from './tax-labels';

/**
 * One row per year: each figure of the burden in R$, the total and the load (% of the operations' value). Beside
 * them, when some year has them: the 2026 CBS/IBS compensated against PIS/COFINS, the item's taxes the company
 * does not pay, and a Simples company's load with CBS/IBS by the regular regime. Headers are the XLSX's.
 */
export function YearsTable({ rows, caption }: { rows: TTransitionYear[]; caption: string }) {
  const taxes = presentTaxes(rows);
  const compensated = rows.some((r) => r.vCBSIBSCompensado !== 0);
  const notPaid = rows.some((r) => r.vNaoDevido !== 0);
  const regular = rows.some((r) => r.pCargaRegular !== null);
  const money = (v: number | null) => (v === null ? '—' : formatNumber(v, 2));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder highlightOnHover horizontalSpacing="xs" fz="sm" data-testid="years-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col.ano}</Table.Th>
            {taxes.map((t) => (
              <Table.Th key={t.field} ta="right">
                {t.label} (R$)
              </Table.Th>
            ))}
            <Table.Th ta="right">{col.total}</Table.Th>
            <Table.Th ta="right">{col.carga}</Table.Th>
            {regular && <Table.Th ta="right">{col.cargaRegular}</Table.Th>}
            {compensated && <Table.Th ta="right">{col.compensado}</Table.Th>}
            {notPaid && <Table.Th ta="right">{col.naoDevido}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.ano}>
              <Table.Td>
                {r.ano}
                {r.estimado && (
                  <Badge ml={6} size="xs" variant="light" color="gray" title="Alíquotas ainda não fixadas em lei">
                    estimado
                  </Badge>
                )}
              </Table.Td>
              {taxes.map((t) => (
                <Table.Td key={t.field} ta="right">
                  {formatNumber(r[t.field], 2)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {formatNumber(r.vTotal, 2)}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatNumber(r.pCarga, 2)}
              </Table.Td>
              {regular && <Table.Td ta="right">{money(r.pCargaRegular)}</Table.Td>}
              {compensated && <Table.Td ta="right">{r.vCBSIBSCompensado ? money(r.vCBSIBSCompensado) : '—'}</Table.Td>}
              {notPaid && <Table.Td ta="right">{money(r.vNaoDevido)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
