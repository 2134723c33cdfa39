import { displayGtin, type TBindingCandidate } from '@app/contract';
import { Badge, Group, Radio, ScrollArea, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCest, formatNcm } from '../../../components/ui/fiscal-masks';

interface Props {
  list: TBindingCandidate[];
  isLoading: boolean;
  chosen: string | null;
  onChoose: (code: string) => void;
}

/** A reason's colour: what makes a candidate likely (green), neutral (gray) or doubtful (orange). */
function reasonColor(reason: string): string {
  if (reason === 'GTIN igual' || reason.startsWith('Mesmo capítulo')) return 'green';
  if (reason.startsWith('Outro capítulo')) return 'orange';
  return 'gray';
}

/**
 * The candidates, best first (decision 062): each row says why it is offered — equal GTIN, how similar the
 * description is, whether the NCM chapter agrees — so a toothpaste offered for a coffee reads as doubtful.
 */
export function BindCandidatesTable({ list, isLoading, chosen, onChoose }: Props) {
  if (isLoading) return <Skeleton height={160} data-testid="bind-candidates-loading" />;
  if (list.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        Nenhum produto encontrado na base compartilhada. Tente outras palavras da descrição.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="50vh">
      <Table highlightOnHover aria-label="Produtos da base compartilhada" data-testid="bind-candidates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>GTIN</Table.Th>
            <Table.Th>NCM</Table.Th>
            <Table.Th>CEST</Table.Th>
            <Table.Th>Por que aparece</Table.Th>
            <Table.Th w={50}>
              <VisuallyHidden>Escolha</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((g) => (
            <Table.Tr key={g.id} {...clickableRowProps(() => onChoose(g.code))} data-testid="bind-candidate">
              <Table.Td>{g.code}</Table.Td>
              <Table.Td>
                {g.description}
                {g.my && (
                  <Badge ml="xs" size="xs" variant="light">
                    seu
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{g.gtin ? displayGtin(g.gtin) : '-'}</Table.Td>
              <Table.Td>{formatNcm(g.ncm)}</Table.Td>
              <Table.Td>{g.cest ? formatCest(g.cest) : '-'}</Table.Td>
              <Table.Td>
                <Group gap={4} data-testid="bind-reasons">
                  {g.match.reasons.map((r) => (
                    <Badge key={r} size="sm" variant="light" color={reasonColor(r)} tt="none">
                      {r}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Radio
                  name="global-product"
                  aria-label={`Selecionar ${g.description}`}
                  checked={chosen === g.code}
                  onChange={() => onChoose(g.code)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
