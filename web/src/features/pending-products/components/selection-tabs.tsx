import { displayGtin } from '@app/contract';
import { ActionIcon, Stack, Table, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatNumber } from '../../../components/ui/format';
import { type SelectedPending, summarize } from '../lib/pending-selection';

/** Tab Resumo: per company its UF and checked-product count; a click opens Selecionados. */
export function SelectionSummary({
  selection,
  onOpen,
}: {
  selection: SelectedPending[];
  onOpen: (id: string) => void;
}) {
  const rows = summarize(selection);
  if (rows.length === 0) return <Text c="dimmed">Nenhum produto selecionado.</Text>;
  return (
    <Table highlightOnHover aria-label="Resumo da seleção">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Empresa</Table.Th>
          <Table.Th>UF</Table.Th>
          <Table.Th>Produtos</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.idCompany} {...clickableRowProps(() => onOpen(r.idCompany))}>
            <Table.Td>{r.companyName}</Table.Td>
            <Table.Td>{r.companyUf}</Table.Td>
            <Table.Td>{formatNumber(r.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface SelectedProps {
  selection: SelectedPending[];
  /** The company clicked in Resumo first. */
  focusCompanyId: string | null;
  onUnmark: (idProduct: string) => void;
}

/** Tab Selecionados: the checked products per company, each with an unmark action. */
export function SelectedProducts({ selection, focusCompanyId, onUnmark }: SelectedProps) {
  const groups = summarize(selection).sort((a, b) =>
    a.idCompany === focusCompanyId ? -1 : b.idCompany === focusCompanyId ? 1 : 0,
  );
  if (groups.length === 0) return <Text c="dimmed">Nenhum produto selecionado.</Text>;
  return (
    <Stack gap="lg">
      {groups.map((g) => (
        <Stack key={g.idCompany} gap={4} aria-label={`Selecionados de ${g.companyName}`}>
          <Title order={2} size="h5">
            {g.companyName} ({g.companyUf})
          </Title>
          <Table striped>
            <Table.Tbody>
              {selection
                .filter((s) => s.idCompany === g.idCompany)
                .map((s) => (
                  <Table.Tr key={s.idProduct}>
                    <Table.Td w={160}>{s.internalCode}</Table.Td>
                    <Table.Td w={160}>{displayGtin(s.gtin) || '-'}</Table.Td>
                    <Table.Td>{s.description}</Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Desmarcar ${s.internalCode}`}
                        onClick={() => onUnmark(s.idProduct)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
