import { fiscalRuleStatusLabels, type TFiscalRule, type TProtocol } from '@app/contract';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatCest, formatCfop, formatDecimal, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatDate } from '../../../components/ui/format';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';
import { FieldGrid, type FieldItem, yesNo } from './field-grid';

interface Props {
  rule: TFiscalRule | null;
  canWrite: boolean;
  onClose: () => void;
  onClone: (rule: TFiscalRule) => void;
  onEdit: (rule: TFiscalRule) => void;
}

const pct = (v: string | null) => (v == null ? null : `${formatDecimal(v)}%`);

export function protocolItems(p: TProtocol | ({ description: string | null } & Omit<TProtocol, 'name'>)): FieldItem[] {
  return [
    ['Descrição', p.description],
    ['Isento', yesNo(p.exempted)],
    ['Substituição tributária', yesNo(p.subsTrib)],
    ['Responsável', p.respTrib],
    ['ICMS interestadual', pct(p.aliqIcmsInterestadual)],
    ['Red. BC interestadual', pct(p.redBcInterestadual)],
    ['Alíquota efetiva', pct(p.aliqEfetiva)],
    ['IVA', pct(p.iva)],
    ['Início da vigência', formatDate(p.validityIn)],
    ['Fim da vigência', formatDate(p.endOfValidityIn)],
  ];
}

/** Every field of one rule (opened by a click on a cell of the state rules table). */
export function CompleteRuleDialog({ rule, canWrite, onClose, onClone, onEdit }: Props) {
  // cBenef codes begin with their UF (SP010010): that UF's table names them.
  const m = useCodeMeanings(rule?.stateRule.codBenef?.slice(0, 2), !!rule);
  if (!rule) return <Modal opened={false} onClose={onClose} />;
  const f = rule.federalRule;
  const s = rule.stateRule;
  return (
    <Modal opened onClose={onClose} size="xl" title={rule.description ?? `Regra fiscal ${s.uf}`}>
      <Stack gap="sm" data-testid="complete-rule">
        <Group gap="xs">
          <Badge color={rule.status === 'Checked' ? 'green' : 'gray'}>{fiscalRuleStatusLabels[rule.status]}</Badge>
          {rule.isNamed && <Badge variant="outline">Regra nomeada</Badge>}
          <Text size="xs" c="dimmed">
            Vigente desde {formatDate(rule.validFrom)}
          </Text>
        </Group>
        <FieldGrid
          title="Geral"
          items={[
            ['NCM', formatNcm(f.ncm)],
            ['Descrição do NCM', f.ncmDescription],
            ['CEST', formatCest(f.cest)],
            ['COD ANP', f.codANP],
          ]}
        />
        <FieldGrid
          title="IPI"
          cols={5}
          items={[
            ['CST entrada', m.describe('IPI', f.ipi.cstEntrada)],
            ['CST saída', m.describe('IPI', f.ipi.cstSaida)],
            ['Alíquota', pct(f.ipi.aliq)],
            ['CODENQ', m.describe('ENQ', f.ipi.codEnq)],
            ['EX', f.ipi.ex],
          ]}
        />
        <FieldGrid
          title="PIS/COFINS"
          cols={4}
          items={[
            ['CST PIS entrada/saída', `${f.piscofins.pisCstEntrada ?? '-'}/${f.piscofins.pisCstSaida ?? '-'}`],
            ['CST COFINS entrada/saída', `${f.piscofins.cofinsCstEntrada ?? '-'}/${f.piscofins.cofinsCstSaida ?? '-'}`],
            ['PIS', pct(f.piscofins.aliqPIS)],
            ['COFINS', pct(f.piscofins.aliqCOFINS)],
            ['NRI', f.piscofins.nri],
          ]}
        />
        <FieldGrid
          title={`Estadual (${s.uf})`}
          items={[
            ['CFOP entrada', m.describe('CFOP', s.cfopEntrada, formatCfop(s.cfopEntrada))],
            ['CFOP saída', m.describe('CFOP', s.cfopSaida, formatCfop(s.cfopSaida))],
            ['CST ICMS', m.describe('ICMS', s.cstICMS)],
            ['CSOSN', m.describe('CSOSN', s.cstCSOSN)],
            ['ICMS', pct(s.aliqICMS)],
            ['Red. BC ICMS', pct(s.redBCICMS)],
            ['ICMS ST', pct(s.aliqICMSST)],
            ['Red. BC ICMS ST', pct(s.redBCICMSST)],
            ['IVA', pct(s.iva)],
            ['MVA ajustada 4%', pct(s.mvaAjustado4)],
            ['MVA ajustada 12%', pct(s.mvaAjustado12)],
            ['FCP', pct(s.fcp)],
            ['Cód. benefício', m.describe('CBENEF', s.codBenef)],
            ['Diferimento', pct(s.pDifer)],
            ['Isenção', pct(s.isencao)],
            ['Antecipado', yesNo(s.antecipado)],
            ['Desonerado', yesNo(s.desonerado)],
            ['Simb. PDV', s.simbPDV],
            ['ICMS PDV', pct(s.picmspdv)],
          ]}
        />
        {f.cbs.cst && (
          <FieldGrid
            title="CBS/IBS"
            items={[
              ['CST', `${f.cbs.cst}${f.cbs.cstDescricao ? ` - ${f.cbs.cstDescricao}` : ''}`],
              ['cClassTrib', m.describe('CCLASSTRIB', f.cbs.cClassTrib)],
              ['CBS', pct(f.cbs.aliq)],
              ['Redução CBS', pct(f.cbs.reducao)],
              ['IBS UF', pct(s.ibs.aliqUF)],
              ['IBS município', pct(s.ibs.aliqMun)],
              ['Redução IBS', pct(s.ibs.reducao)],
            ]}
          />
        )}
        {rule.protocol?.name && (
          <FieldGrid title={`Protocolo ${rule.protocol.name}`} items={protocolItems(rule.protocol)} />
        )}
        {rule.agreement?.name && (
          <FieldGrid title={`Convênio ${rule.agreement.name}`} items={protocolItems(rule.agreement)} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          {canWrite && (
            <Button variant="light" onClick={() => onClone(rule)}>
              Clonar regra
            </Button>
          )}
          {canWrite && <Button onClick={() => onEdit(rule)}>Editar</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
