import { displayGtin, type TPendingGlobalProduct } from '@app/contract';
import { Checkbox, Table } from '@mantine/core';
import { formatDate } from '../../../components/ui/format';
import { TablePlaceholderRows } from '../../../components/ui/table-placeholder-rows';

interface Props {
  rows: TPendingGlobalProduct[];
  isLoading: boolean;
  hasSearched: boolean;
  isChecked: (idProduct: string) => boolean;
  onToggle: (row: TPendingGlobalProduct) => void;
}

/** Tab Produtos' table: checkbox, internal code, GTIN, description, company, creation date. */
export function PendingTable({ rows, isLoading, hasSearched, isChecked, onToggle }: Props) {
  return (
    <Table striped highlightOnHover aria-label="Produtos pendentes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40} />
          <Table.Th>Código Interno</Table.Th>
          <Table.Th>GTIN</Table.Th>
          <Table.Th>Descrição</Table.Th>
          <Table.Th>Empresa</Table.Th>
          <Table.Th>Data de criação</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <TablePlaceholderRows
          columns={6}
          isLoading={isLoading}
          isEmpty={rows.length === 0}
          emptyText={hasSearched ? 'Nenhum produto pendente encontrado.' : 'Nenhum produto pendente.'}
        />
        {!isLoading &&
          rows.map((r) => (
            <Table.Tr key={r.idProduct}>
              <Table.Td>
                <Checkbox
                  aria-label={`Marcar ${r.internalCode}`}
                  checked={isChecked(r.idProduct)}
                  onChange={() => onToggle(r)}
                />
              </Table.Td>
              <Table.Td>{r.internalCode}</Table.Td>
              <Table.Td>{displayGtin(r.gtin) || '-'}</Table.Td>
              <Table.Td>{r.descriptionProduct}</Table.Td>
              <Table.Td>
                {r.descriptionCompany} ({r.companyUf})
              </Table.Td>
              <Table.Td>{formatDate(r.dateCreated)}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}
