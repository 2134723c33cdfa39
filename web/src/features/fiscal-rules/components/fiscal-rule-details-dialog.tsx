import type { TProductRuleDetails } from '@app/contract';
import { Alert, Button, Group, Modal, NativeSelect, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCest, formatCfop, formatDecimal, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatDate, formatDateTime } from '../../../components/ui/format';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';
import { useProductRuleDetails } from '../api/get-product-rule-details';
import { useProductRuleHistory } from '../api/get-product-rule-history';
import { isStCalculatorAvailable } from '../lib/st-availability';
import { protocolItems } from './complete-rule-dialog';
import { FieldGrid, yesNo } from './field-grid';
import { StCalculator } from './st-calculator';

export interface RuleDetailsTarget {
  fiscalRuleId: string | null;
  productId?: string;
  productDescription?: string;
  /** The product's company: needed to open the operations query from here. */
  companyId?: string;
}

interface Props {
  target: RuleDetailsTarget | null;
  onClose: () => void;
  /** Opens the operations query for the product (shown only when given and a product is known). */
  onOpenOperations?: (target: RuleDetailsTarget) => void;
}

const pct = (v: string | null) => (v == null ? null : `${formatDecimal(v)}%`);
const CURRENT = '';

/**
 * Fiscal rule details modal (product view, spec 02 §2): tabs Geral, Federal, Estadual, CBS/IBS
 * (only with a CBS CST) and Calculadora ST (only for ST situations), plus the date selector of the
 * product's rule history ("Regra fiscal atual" + dated versions).
 */
export function FiscalRuleDetailsDialog({ target, onClose, onOpenOperations }: Props) {
  const [validity, setValidity] = useState<string>(CURRENT);
  const history = useProductRuleHistory(target?.productId);
  const details = useProductRuleDetails(
    target
      ? { fiscalRuleId: target.fiscalRuleId ?? '', productId: target.productId, validity: validity || undefined }
      : null,
  );

  const close = () => {
    setValidity(CURRENT);
    onClose();
  };
  if (!target) return <Modal opened={false} onClose={close} />;

  const dates = history.data?.map((h) => h.date) ?? details.data?.dates ?? [];
  const title = target.productDescription ?? details.data?.productDescription ?? 'Detalhes da regra fiscal';

  return (
    <Modal opened onClose={close} size="xl" title={title}>
      {!target.fiscalRuleId ? (
        <Alert color="yellow">Produto não está classificado</Alert>
      ) : (
        <Stack gap="sm" data-testid="fiscal-rule-details">
          <Group justify="space-between" align="flex-end">
            <NativeSelect
              label="Vigência"
              aria-label="Vigência da regra fiscal"
              w={240}
              value={validity}
              onChange={(e) => setValidity(e.currentTarget.value)}
              data={[
                { value: CURRENT, label: 'Regra fiscal atual' },
                ...dates.map((d) => ({ value: d, label: formatDateTime(d) })),
              ]}
            />
            {onOpenOperations && target.productId && target.companyId && (
              <Button variant="light" onClick={() => onOpenOperations(target)}>
                Consultar operações
              </Button>
            )}
          </Group>
          {details.isLoading || !details.data ? (
            details.isError ? (
              <Text c="dimmed">Não foi possível carregar a regra fiscal.</Text>
            ) : (
              <Skeleton height={220} data-testid="details-loading" />
            )
          ) : (
            <DetailsTabs details={details.data} key={details.data.validityIn} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

export function DetailsTabs({ details }: { details: TProductRuleDetails }) {
  const fed = details.federalRulesGroup;
  const st = details.stateRulesGroup;
  const hasCbs = Boolean(fed.cbs.cst);
  const hasSt = isStCalculatorAvailable(st.cst, st.csosn);
  // cBenef codes begin with their UF (SP010010): that UF's table names them.
  const m = useCodeMeanings(st.codBenef?.slice(0, 2));
  return (
    <Tabs defaultValue="general" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="general">Geral</Tabs.Tab>
        <Tabs.Tab value="federal">Federal</Tabs.Tab>
        <Tabs.Tab value="state">Estadual</Tabs.Tab>
        {hasCbs && <Tabs.Tab value="cbs">CBS/IBS</Tabs.Tab>}
        {hasSt && (
          <Tabs.Tab value="st" leftSection={<IconCalculator size={14} />}>
            Calculadora ST
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="general" pt="sm">
        <Stack gap="sm">
          <FieldGrid
            items={[
              ['NCM', formatNcm(fed.ncm)],
              ['CEST', formatCest(fed.cest)],
              ['COD ANP', fed.codANP],
              ['PMC', fed.pmc == null ? null : formatDecimal(fed.pmc)],
              ['Imposto de importação', pct(fed.importTax)],
              ['Vigente desde', formatDate(details.validityIn)],
              ['Regra', details.rule.description ?? 'Regra base'],
              ['UF', st.uf],
            ]}
          />
          <Text size="sm">
            <b>Descrição do NCM:</b>{' '}
            {fed.ncmDescription ?? 'É necessário reabrir a regra para visualizar a descrição de seu NCM'}
          </Text>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="federal" pt="sm">
        <Stack gap="sm">
          <FieldGrid
            title="PIS/COFINS"
            items={[
              ['CST entrada', m.describe('PIS', fed.piscofins.cstEntrada)],
              ['CST saída', m.describe('PIS', fed.piscofins.cstSaida)],
              ['PIS', pct(fed.piscofins.aliqPIS)],
              ['COFINS', pct(fed.piscofins.aliqCOFINS)],
              ['Red. PIS', pct(fed.piscofins.redPIS)],
              ['Red. COFINS', pct(fed.piscofins.redCOFINS)],
              ['NRI', fed.piscofins.nri],
              ['Amparo legal', fed.piscofins.ampLegal],
            ]}
          />
          <FieldGrid
            title="IPI"
            cols={5}
            items={[
              ['CST entrada', m.describe('IPI', fed.ipi.cstEntrada)],
              ['CST saída', m.describe('IPI', fed.ipi.cstSaida)],
              ['Alíquota', pct(fed.ipi.aliq)],
              ['CODENQ', m.describe('ENQ', fed.ipi.codEnq)],
              ['EX', fed.ipi.ex],
            ]}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="state" pt="sm">
        <Stack gap="sm">
          <FieldGrid
            title={`ICMS (${st.uf})`}
            items={[
              ['CFOP', m.describe('CFOP', st.cfop, formatCfop(st.cfop))],
              ['CFOP entrada', m.describe('CFOP', st.cfopEntrada, formatCfop(st.cfopEntrada))],
              ['CST', m.describe('ICMS', st.cst)],
              ['CSOSN', m.describe('CSOSN', st.csosn)],
              ['ICMS interno', pct(st.aliqICMSInterna)],
              ['ICMS interestadual', pct(st.aliqICMSInterestadual)],
              ['ICMS ST', pct(st.aliqICMSST)],
              ['Red. BC ICMS', pct(st.redBCICMS)],
              ['Red. BC ICMS ST', pct(st.redBCICMSST)],
              ['Red. BC interestadual', pct(st.redBCICMSInterestadual)],
              ['IVA', pct(st.iva)],
              ['IVA ajustado', pct(st.ivaaJust)],
              ['MVA ajustada 4%', pct(st.mvaAjustado4)],
              ['MVA ajustada 12%', pct(st.mvaAjustado12)],
              ['FCP', pct(st.fcp)],
              ['Diferimento', pct(st.pDifer)],
              ['Cód. benefício', m.describe('CBENEF', st.codBenef)],
              ['Antecipado', yesNo(st.antecipado)],
              ['Desonerado', yesNo(st.desonerado)],
              ['Isento', yesNo(st.exempted)],
              ['Isenção', pct(st.exemption)],
              ['Cálculo DIFAL', ['Não tem', 'Base simples', 'Base dupla'][st.tpCalcDifal] ?? '-'],
              ['Amparo legal', st.ampLegal],
            ]}
          />
          <FieldGrid
            title="ICMS PDV"
            cols={5}
            items={[
              ['CST/CSOSN', m.describe(st.icmsPdv.cstCsosn?.length === 3 ? 'CSOSN' : 'ICMS', st.icmsPdv.cstCsosn)],
              ['Alíquota', pct(st.icmsPdv.aliquota)],
              ['FCP', pct(st.icmsPdv.fcp)],
              ['Red. BC', pct(st.icmsPdv.reducaoBC)],
              ['Alíquota efetiva', pct(st.icmsPdv.aliquotaEfetiva)],
            ]}
          />
          {st.protocol?.protName && (
            <FieldGrid title={`Protocolo ${st.protocol.protName}`} items={protocolItems(st.protocol)} />
          )}
          {st.agreement?.convName && (
            <FieldGrid title={`Convênio ${st.agreement.convName}`} items={protocolItems(st.agreement)} />
          )}
        </Stack>
      </Tabs.Panel>
      {hasCbs && (
        <Tabs.Panel value="cbs" pt="sm">
          <Stack gap="sm">
            <FieldGrid
              title="CBS"
              items={[
                ['CST', `${fed.cbs.cst}${fed.cbs.cstDescricao ? ` - ${fed.cbs.cstDescricao}` : ''}`],
                [
                  'cClassTrib',
                  `${fed.cbs.cClassTrib ?? '-'}${fed.cbs.cClassTribDescricao ? ` - ${fed.cbs.cClassTribDescricao}` : ''}`,
                ],
                ['Alíquota', pct(fed.cbs.aliq)],
                ['Redução', pct(fed.cbs.reducao)],
                ['Redução da base', pct(fed.cbs.reducaoBaseCalculo)],
              ]}
            />
            <FieldGrid
              title="IBS"
              items={[
                ['Alíquota UF', pct(st.ibs.aliqUF)],
                ['Alíquota município', pct(st.ibs.aliqMun)],
                ['Redução', pct(st.ibs.reducao)],
                ['Redução da base', pct(st.ibs.reducaoBaseCalculo)],
              ]}
            />
          </Stack>
        </Tabs.Panel>
      )}
      {hasSt && (
        <Tabs.Panel value="st" pt="sm">
          <StCalculator
            defaults={{
              ipiRate: fed.ipi.aliq,
              icmsRate: st.aliqICMSInterna,
              stRate: st.aliqICMSST ?? st.aliqICMSInterna,
              fcpRate: st.fcp,
              icmsBaseReduction: st.redBCICMS,
              iva: st.iva,
              simples: Boolean(st.csosn) && !st.cst,
              cest: fed.cest,
              uf: st.uf,
            }}
          />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
