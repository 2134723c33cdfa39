import { countOf, type TBindingChange, type TBindingPreview } from '@app/contract';
import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { formatCest, formatCfop, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';

/** Codes as the rest of the screens print them (NCM 0901.11.10, CEST 17.016.00, CFOP 5.102). */
const masks: Record<string, (v: string) => string> = { NCM: formatNcm, CEST: formatCest, 'CFOP de saída': formatCfop };
const show = (label: string, v: string | null) => (v === null ? '—' : (masks[label]?.(v) ?? v));

function ChangesTable({ caption, rows, testId }: { caption: string; rows: TBindingChange[]; testId: string }) {
  return (
    <Table withTableBorder striped captionSide="top" data-testid={testId}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Campo</Table.Th>
          <Table.Th scope="col">Hoje</Table.Th>
          <Table.Th scope="col">Depois do vínculo</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.label} data-changed={r.changed || undefined}>
            <Table.Th scope="row" fw={500}>
              {r.label}
            </Table.Th>
            <Table.Td>{show(r.label, r.before)}</Table.Td>
            <Table.Td fw={r.changed ? 700 : undefined}>
              {show(r.label, r.after)}
              {r.changed && (
                <Badge ml="xs" size="xs" variant="light" color="blue" tt="none">
                  muda
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The preview before the confirmation (decision 062): the product's NCM, CEST and rule, and the taxes of its main
 * operation (sale inside the company's UF), today and after the binding; how many go to the partner's audit.
 */
export function BindingPreviewView({ preview }: { preview: TBindingPreview }) {
  const { counts } = preview;
  return (
    <Stack gap="sm" data-testid="binding-preview">
      <Title order={2} size="h4">
        Confira o que muda
      </Title>
      <Text size="sm">
        <Text span fw={600}>
          {preview.product.description}
        </Text>{' '}
        → produto global {preview.global.code} · {preview.global.description}
      </Text>
      {counts.products > 1 && (
        <Text size="sm" data-testid="binding-preview-counts">
          {formatNumber(counts.products)} produtos: {countOf(counts.finalized, 'classificado', 'classificados')} agora e{' '}
          {formatNumber(counts.inAudit)} em auditoria. A tabela mostra o primeiro.
        </Text>
      )}
      {counts.inAudit > 0 && (
        <Alert color="yellow" variant="light" title="Vai para a auditoria">
          O GTIN é diferente do produto escolhido: o vínculo será auditado pela equipe do parceiro e os tributos abaixo
          valem a partir da aprovação.
        </Alert>
      )}
      {!preview.ruleAfter && (
        <Alert color="yellow" variant="light" title="Sem regra fiscal na UF">
          O produto global não tem regra fiscal para a UF da empresa: o produto fica sem tributos até a regra existir.
        </Alert>
      )}
      <ChangesTable caption="Cadastro" rows={preview.changes} testId="binding-preview-changes" />
      <ChangesTable
        caption="Tributos da operação principal (venda dentro da UF)"
        rows={preview.taxes}
        testId="binding-preview-taxes"
      />
    </Stack>
  );
}
