import type { TSimulation } from '@app/contract';
import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatNumber } from '../../../components/ui/format';

/**
 * What the figures below count and leave out, said where they are read: only the notes this run needs
 * (decision 061).
 */
export function BurdenNotes({ run }: { run: TSimulation }) {
  const totais = run.totais ?? [];
  const notes: { key: string; text: string }[] = [];
  if (run.faixaSimples !== null)
    notes.push({
      key: 'simples',
      text:
        `Simples Nacional, faixa ${run.faixaSimples} do Anexo I da LC 123/2006 (RBT12 R$ ${formatNumber(Number(run.rbt12), 2)}): ` +
        'a carga é a parcela de ICMS, PIS e COFINS do DAS (CBS e IBS a partir de 2027); PIS e COFINS não são pagos à parte, ' +
        'e as alíquotas de teste de 2026 não se aplicam ao optante.',
    });
  if (totais.some((t) => t.pCargaRegular !== null))
    notes.push({
      key: 'regular',
      text:
        'A partir de 2027 o optante pode recolher a CBS e o IBS pelo regime regular, fora do DAS (LC 214/2025, art. 41): ' +
        'a coluna "Carga com IBS/CBS no regime regular" e o segundo gráfico mostram esse caminho ao lado do DAS — débitos ' +
        'da venda, sem os créditos das compras; em troca o comprador aproveita o crédito integral.',
    });
  if (totais.some((t) => t.vCBSIBSCompensado !== 0))
    notes.push({
      key: 'compensated',
      text:
        'Em 2026 a CBS (0,9 %) e o IBS (0,1 %) destacados são compensados com o PIS e a COFINS devidos (LC 214/2025, ' +
        'art. 346): aparecem em "CBS/IBS compensados" e não somam à carga.',
    });
  if (totais.some((t) => t.vICMSAnterior !== 0))
    notes.push({
      key: 'st',
      text:
        'Mercadorias com ICMS cobrado antes da venda (ST retida, CST 60/CSOSN 500, ou monofásico, CST 61): o ICMS pago na ' +
        'cadeia está no custo e entra na carga pela alíquota da ST, reduzido como o ICMS (9/10 em 2029 … 6/10 em 2032; ' +
        'nada a partir de 2033).',
    });
  if (totais.some((t) => t.vNaoDevido !== 0))
    notes.push({
      key: 'not-paid',
      text: `Ficaram fora da carga os tributos que a empresa não paga: ${[
        !run.contribuinteIpi && 'o IPI dos itens (comércio não é contribuinte do IPI na revenda)',
        run.faixaSimples !== null && 'PIS, COFINS e a CBS/IBS de teste destacados à parte (Simples Nacional)',
      ]
        .filter(Boolean)
        .join('; ')}.`,
    });
  if (notes.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle />}
      title="O que a carga conta"
      data-testid="burden-notes"
    >
      <List size="sm" spacing={4}>
        {notes.map((n) => (
          <List.Item key={n.key}>{n.text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
