import type { TOperation } from '@app/contract';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCest, formatCfop, formatDecimal, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatDate } from '../../../components/ui/format';
import { StAgreementLine } from '../../../components/ui/st-agreement-line';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';

type Item = [label: string, value: ReactNode];

const pct = (v: number | null) => (v == null ? null : `${formatDecimal(v)}%`);
const yesNo = (v: boolean) => (v ? 'Sim' : 'Não');
const difalTypes = ['Não tem', 'Base simples', 'Base dupla'];

function Card({ title, items }: { title: string; items: Item[] }) {
  return (
    <Paper withBorder p="sm" aria-label={title} role="region">
      <Title order={3} size="h6" mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
        {items.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value === null || value === undefined || value === '' ? '-' : value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

type Agreement = NonNullable<TOperation['protocol']> | NonNullable<TOperation['agreement']>;
const agreementItems = (a: Agreement): Item[] => [
  ['Descrição', a.description],
  ['Isento', yesNo(a.exempted)],
  ['Substituição tributária', yesNo(a.subsTrib)],
  ['Responsável', a.respTrib],
  ['ICMS interestadual', pct(a.aliqIcmsInterestadual)],
  ['Red. BC interestadual', pct(a.redBcInterestadual)],
  ['Alíquota efetiva', pct(a.aliqEfetiva)],
  ['IVA', pct(a.iva)],
  ['Início da vigência', formatDate(a.validityIn)],
  ['Fim da vigência', formatDate(a.endOfValidityIn)],
];

/**
 * Operation details modal (spec 02 §2): read-only cards; Protocolo and Convênio only when named.
 * Exported for the products screens' row actions too.
 */
export function OperationDetailsDialog({ operation, onClose }: { operation: TOperation | null; onClose: () => void }) {
  // cBenef codes begin with their UF (SP010010): that UF's table names them.
  const m = useCodeMeanings(operation?.icms.codBenef?.slice(0, 2), !!operation);
  if (!operation) return <Modal opened={false} onClose={onClose} />;
  const { federal, piscofins, ipi, icms } = operation;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        <div>
          <Text fw={600}>Detalhes da operação</Text>
          <Text size="sm" c="dimmed" data-testid="operation-subtitle">
            CFOP {formatCfop(operation.cfop)} - UF {operation.uf}
          </Text>
        </div>
      }
    >
      <Stack gap="sm">
        <Text size="sm">{operation.description}</Text>
        <Card
          title="Federal"
          items={[
            ['NCM', formatNcm(federal.ncm)],
            ['Descrição do NCM', federal.ncmDescription],
            ['CEST', formatCest(federal.cest)],
            ['COD ANP', federal.codANP],
            ['PMC', federal.pmc == null ? null : formatDecimal(federal.pmc)],
            ['Origem/Destino', `${operation.ufOrigem} → ${operation.ufDestino}`],
          ]}
        />
        <Card
          title="Importação"
          items={[
            ['Imposto de importação', pct(operation.import.importTax)],
            ['ICMS interestadual importado', pct(operation.import.aliqICMSInterestadualImportado)],
            ['IVA ajustado 4%', pct(operation.import.ivaAjustado4)],
          ]}
        />
        <Card
          title="PIS/COFINS"
          items={[
            ['CST PIS', m.describe('PIS', piscofins.cstPIS)],
            ['CST COFINS', m.describe('COFINS', piscofins.cstCOFINS)],
            ['PIS', pct(piscofins.aliqPIS)],
            ['COFINS', pct(piscofins.aliqCOFINS)],
            ['Red. PIS', pct(piscofins.redPIS)],
            ['Red. COFINS', pct(piscofins.redCOFINS)],
            ['NRI', piscofins.nri],
            ['Amparo legal', piscofins.ampLegal],
          ]}
        />
        <Card
          title="IPI"
          items={[
            ['CST', m.describe('IPI', ipi.cst)],
            ['Alíquota', pct(ipi.aliq)],
            ['CODENQ', m.describe('ENQ', ipi.codEnq)],
            ['EX', ipi.ex],
          ]}
        />
        <Card
          title="ICMS"
          items={[
            ['CST', m.describe('ICMS', icms.cst)],
            ['CSOSN', m.describe('CSOSN', icms.csosn)],
            ['Cód. benefício', m.describe('CBENEF', icms.codBenef)],
            ['ICMS interno', pct(icms.aliqICMSInterna)],
            ['ICMS interestadual', pct(icms.aliqICMSInterestadual)],
            ['ICMS da operação', pct(icms.aliqICMSOperacao)],
            ['Red. BC ICMS', pct(icms.redBCICMS)],
            ['Red. BC interestadual', pct(icms.redBCICMSInterestadual)],
            ['Substituição tributária', yesNo(icms.substituicaoTributaria)],
            ['ICMS ST', pct(icms.aliqICMSST)],
            ['Red. BC ICMS ST', pct(icms.redBCICMSST)],
            ['IVA', pct(icms.iva)],
            ['IVA ajustado', pct(icms.ivaAjustado)],
            ['FCP', pct(icms.fcp)],
            ['FCP ST', pct(icms.fcpST)],
            ['Diferimento', pct(icms.pDifer)],
            ['Antecipado', yesNo(icms.antecipado)],
            ['Desonerado', yesNo(icms.desonerado)],
            ['Isento', yesNo(icms.exempted)],
            ['Isenção', pct(icms.exemption)],
            ['DIFAL', difalTypes[icms.difal.tipo]],
            ['Alíquota diferencial', pct(icms.difal.aliqDiferencial)],
            ['Amparo legal', icms.ampLegal],
          ]}
        />
        {icms.acordoSt && (
          <StAgreementLine acordo={icms.acordoSt} ufOrigem={operation.ufOrigem} ufDestino={operation.ufDestino} />
        )}
        {operation.cbsIbs.cst && (
          <Card
            title="CBS/IBS"
            items={[
              ['CST', m.describe('IBSCBS', operation.cbsIbs.cst)],
              ['cClassTrib', m.describe('CCLASSTRIB', operation.cbsIbs.cClassTrib)],
              ['CBS efetiva', pct(operation.cbsIbs.aliqCBSEfetiva)],
              ['IBS UF efetiva', pct(operation.cbsIbs.aliqIBSUFEfetiva)],
              ['IBS município efetiva', pct(operation.cbsIbs.aliqIBSMunEfetiva)],
            ]}
          />
        )}
        {operation.protocol?.protName && (
          <Card title={`Protocolo ${operation.protocol.protName}`} items={agreementItems(operation.protocol)} />
        )}
        {operation.agreement?.convName && (
          <Card title={`Convênio ${operation.agreement.convName}`} items={agreementItems(operation.agreement)} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
