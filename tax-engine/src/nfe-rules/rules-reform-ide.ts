import { keyModel } from './check-digits.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { hasReformGroups, ntRule, perItem } from './rule-factory.js';
import type { Finding, Period, Rule } from './types.js';
import { child, children, text } from './xml-node.js';

/**
 * Group B of NT 2025.002-RTC (identification of the NF-e: delivery forecast, credit and debit notes, the IBS's place of
 * supply, government purchases), rows read in full in a public PDF→Markdown conversion of v1.31 (p. 26–28;
 * decision 072). A row is implemented only when no later version's history (v1.32 … v1.51, p. 4–6) lists it as
 * changed; B25-80 (changed in v1.36 and v1.51) and B32-10 stay out (rule-status.ts).
 *
 * The NT's rules apply only to documents that fill the reform's fields (its schedule, note **): every row here is
 * triggered by such a field (dPrevEntrega, finNFe 5/6, tpNFDebito, tpNFCredito, cMunFGIBS, gCompraGov) except
 * B25-90 and B25b-70, which look for an absence and are applied only where an item has IBSCBS or IS.
 */
/** A schedule of the NT's history: both environments from a date (to another, where a later version ends it). */
export type Vigencia = { producao: Period; homologacao: Period };
/** v1.30's schedule for the rules in force with the schema (the v1.10 dates struck out in v1.51). */
export const rtcV130: Vigencia = { homologacao: { desde: '2025-10-29' }, producao: { desde: '2025-11-10' } };
/** v1.30's second list (B10a-10 … B10a-50, B25-110, B25-120 and the credit rules of group UB). */
export const rtcV130b: Vigencia = { homologacao: { desde: '2025-11-24' }, producao: { desde: '2026-02-02' } };
/** The rows corrected by v1.31 (B25-90, B25-100). */
const rtcV131: Vigencia = { homologacao: { desde: '2025-11-14' }, producao: { desde: '2025-11-17' } };

const b = (
  id: string,
  codigo: string,
  mensagem: string,
  modelos: readonly ('55' | '65')[],
  vigencia: Vigencia,
  descricao: string,
  verificar: Rule['verificar'],
): Rule => ({
  ...ntRule(id, codigo, mensagem, 'B', modelos, 'obrigatoria', descricao, verificar, '1.31'),
  vigencia,
});

const nfe = ['55'] as const;
const nfce = ['65'] as const;
const ide = (d: NfeView, tag: string) => text(d.ide, tag);
const idePath = (tag: string) => `NFe/infNFe/ide/${tag}`;
/** One finding on the document when the condition holds. */
const doc =
  (bad: (d: NfeView) => Finding | null) =>
  (d: NfeView): Finding[] => {
    const f = bad(d);
    return f ? [f] : [];
  };
const govReceipt = (d: NfeView) => text(d.ide, 'gCompraGov/tpOperGov') === '2';

const deliveryForecast = (d: NfeView) => ide(d, 'dPrevEntrega');

export const reformIdeRules: readonly Rule[] = [
  b(
    'B10a-10',
    '1153',
    'NFC-e com data de previsão de entrega',
    nfce,
    rtcV130b,
    'NFC-e sem dPrevEntrega.',
    doc((d) => (deliveryForecast(d) !== undefined ? { campo: idePath('dPrevEntrega') } : null)),
  ),
  b(
    'B10a-40',
    '1156',
    'Data de previsão de entrega não permitida para a finalidade de emissão informada',
    nfe,
    rtcV130b,
    'dPrevEntrega só com finNFe 1 (normal) ou 4 (devolução).',
    doc((d) => {
      const fin = ide(d, 'finNFe');
      return deliveryForecast(d) !== undefined && fin !== '1' && fin !== '4'
        ? { campo: idePath('dPrevEntrega'), encontrado: `finNFe ${fin}` }
        : null;
    }),
  ),
  b(
    'B10a-50',
    '1157',
    'Data de previsão de entrega não permitida para a modalidade de frete informada',
    nfe,
    rtcV130b,
    'Sem dPrevEntrega quando modFrete é 1 (FOB), 4 (transporte próprio do destinatário) ou 9 (sem transporte).',
    doc((d) => {
      const mod = text(d.infNFe, 'transp/modFrete');
      return deliveryForecast(d) !== undefined && (mod === '1' || mod === '4' || mod === '9')
        ? { campo: idePath('dPrevEntrega'), encontrado: `modFrete ${mod}` }
        : null;
    }),
  ),
  b(
    'B25-90',
    '1002',
    'NF-e sem informação de ICMS / ISSQN',
    ['55', '65'],
    rtcV131,
    'Fora das notas de crédito e débito (finNFe 5 e 6) e do recebimento de pagamento do ente governamental (tpOperGov 2), cada item tem ICMS ou ISSQN.',
    (d, ctx) => {
      const fin = ide(d, 'finNFe');
      if (fin === '5' || fin === '6' || govReceipt(d) || !hasReformGroups(d)) return [];
      return perItem((it: ItemView) =>
        !child(it.imposto, 'ICMS') && !child(it.imposto, 'ISSQN')
          ? { campo: `${it.path}/imposto/ICMS`, encontrado: 'sem ICMS e sem ISSQN' }
          : null,
      )(d, ctx);
    },
  ),
  b(
    'B25-100',
    '1003',
    'NF-e de crédito faz referência a documento fiscal diferente de NF-e modelo 55',
    nfe,
    rtcV131,
    'Nota de crédito (finNFe 5): cada NFref/refNFe é de modelo 55; no tipo 03 (retorno) também 65. O tipo 06 (recusa parcial, criado depois da linha lida) não é julgado.',
    (d) => {
      if (ide(d, 'finNFe') !== '5') return [];
      const tp = ide(d, 'tpNFCredito');
      if (tp === '06') return [];
      const out: Finding[] = [];
      for (const ref of children(d.ide, 'NFref')) {
        const key = text(ref, 'refNFe');
        if (key === undefined || key.length !== 44) continue;
        const mod = keyModel(key);
        if (mod === '55' || (mod === '65' && tp === '03')) continue;
        out.push({ campo: idePath('NFref/refNFe'), esperado: 'modelo 55', encontrado: `modelo ${mod} (${key})` });
      }
      return out;
    },
  ),
  b(
    'B25-110',
    '1161',
    'Tipo de Operação incompatível com NF-e de Crédito',
    nfe,
    rtcV130b,
    'Nota de crédito (finNFe 5) é de entrada (tpNF 0).',
    doc((d) =>
      ide(d, 'finNFe') === '5' && ide(d, 'tpNF') !== '0'
        ? { campo: idePath('tpNF'), esperado: '0', encontrado: ide(d, 'tpNF') }
        : null,
    ),
  ),
  b(
    'B25-120',
    '1162',
    'Tipo de Operação incompatível com NF-e de Débito',
    nfe,
    rtcV130b,
    'Nota de débito (finNFe 6) é de saída (tpNF 1).',
    doc((d) =>
      ide(d, 'finNFe') === '6' && ide(d, 'tpNF') !== '1'
        ? { campo: idePath('tpNF'), esperado: '1', encontrado: ide(d, 'tpNF') }
        : null,
    ),
  ),
  b(
    'B25.1-10',
    '1139',
    'Tipo de nota de débito informado indevidamente',
    nfe,
    rtcV130,
    'tpNFDebito só em nota de débito (finNFe 6).',
    doc((d) =>
      ide(d, 'tpNFDebito') !== undefined && ide(d, 'finNFe') !== '6'
        ? { campo: idePath('tpNFDebito'), encontrado: `finNFe ${ide(d, 'finNFe')}` }
        : null,
    ),
  ),
  b(
    'B25.1-20',
    '1009',
    'Não informado tipo de nota de débito',
    nfe,
    rtcV130,
    'Nota de débito (finNFe 6) com tpNFDebito.',
    doc((d) =>
      ide(d, 'finNFe') === '6' && ide(d, 'tpNFDebito') === undefined
        ? { campo: idePath('tpNFDebito'), encontrado: 'ausente' }
        : null,
    ),
  ),
  b(
    'B25.2-10',
    '1163',
    'Tipo de nota de crédito informado indevidamente',
    nfe,
    rtcV130,
    'tpNFCredito só em nota de crédito (finNFe 5).',
    doc((d) =>
      ide(d, 'tpNFCredito') !== undefined && ide(d, 'finNFe') !== '5'
        ? { campo: idePath('tpNFCredito'), encontrado: `finNFe ${ide(d, 'finNFe')}` }
        : null,
    ),
  ),
  b(
    'B25.2-20',
    '1164',
    'Não informado tipo de nota de crédito',
    nfe,
    rtcV130,
    'Nota de crédito (finNFe 5) com tpNFCredito.',
    doc((d) =>
      ide(d, 'finNFe') === '5' && ide(d, 'tpNFCredito') === undefined
        ? { campo: idePath('tpNFCredito'), encontrado: 'ausente' }
        : null,
    ),
  ),
  b(
    'B25.2-30',
    '1145',
    'Tipo de nota de crédito só pode ser usado a partir de janeiro/2029.',
    nfe,
    rtcV130,
    'tpNFCredito 02 (crédito presumido de IBS sobre o saldo devedor na ZFM, art. 450, § 1º, LC 214/2025) só em nota emitida a partir de 2029.',
    (d, ctx) => {
      const year = Number((d.emissao ?? ctx.data).slice(0, 4));
      return ide(d, 'tpNFCredito') === '02' && year < 2029
        ? [{ campo: idePath('tpNFCredito'), encontrado: `02 em ${year}` }]
        : [];
    },
  ),
  b(
    'B25.2-40',
    '1152',
    'Tipo de Operação incompatível com NF-e de Crédito do tipo Retorno',
    nfe,
    rtcV130,
    'Nota de crédito de retorno (tpNFCredito 03) é de entrada (tpNF 0).',
    doc((d) =>
      ide(d, 'tpNFCredito') === '03' && ide(d, 'tpNF') !== '0'
        ? { campo: idePath('tpNF'), esperado: '0', encontrado: ide(d, 'tpNF') }
        : null,
    ),
  ),
  b(
    'B25b-60',
    '1000',
    'Município do fato gerador do IBS informado indevidamente',
    nfce,
    rtcV130,
    'cMunFGIBS só em operação presencial fora do estabelecimento (indPres 5).',
    doc((d) =>
      ide(d, 'cMunFGIBS') !== undefined && ide(d, 'indPres') !== '5'
        ? { campo: idePath('cMunFGIBS'), encontrado: `indPres ${ide(d, 'indPres')}` }
        : null,
    ),
  ),
  b(
    'B25b-70',
    '1005',
    'Operação presencial fora do estabelecimento sem informação do município do fato gerador do IBS',
    nfce,
    rtcV130,
    'Operação presencial fora do estabelecimento (indPres 5) com cMunFGIBS, em NFC-e com IBSCBS ou IS.',
    doc((d) =>
      ide(d, 'indPres') === '5' && ide(d, 'cMunFGIBS') === undefined && hasReformGroups(d)
        ? { campo: idePath('cMunFGIBS'), encontrado: 'ausente' }
        : null,
    ),
  ),
  b(
    'B31-10',
    '1006',
    'NFCe com grupo de compra governamental',
    nfce,
    rtcV130,
    'NFC-e sem gCompraGov.',
    doc((d) => (child(d.ide, 'gCompraGov') ? { campo: idePath('gCompraGov') } : null)),
  ),
];
