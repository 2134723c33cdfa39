import type { ItemView, NfeView } from './nfe-view.js';
import { ntRule, perItem } from './rule-factory.js';
import { rtcV130, rtcV130b } from './rules-reform-ide.js';
import type { ClassTribIndicators, IbsCbsCstIndicators, NfeTables, Period, Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Group UB of NT 2025.002-RTC: the item's groups beside gIBSCBS (gIBSCBSMono, gTransfCred, gAjusteCompet,
 * gEstornoCred, gCredPresOper, gCredPresIBSZFM) against an indicator of the CST table or of the cClassTrib table —
 * forbidden where it is 0, required where it is 1. Rows read in full in a public PDF→Markdown conversion of v1.31
 * (p. 33 and 44–46; decision 072) and not listed as changed in the histories of v1.32 … v1.51 (p. 4–6).
 *
 * Schedules from the NT's history: UB13-39/44/45 came with v1.30's schema (homologation by 29/10/2025, production
 * 10/11/2025); UB112-20, UB116-20, UB120-20 and UB131-30 are in v1.30's second list (24/11/2025 and 02/02/2026).
 * v1.50 "reformulated the layout of the fuels' monophasic taxation and its validation rules" without naming them: as
 * LA01-30 (rules-reform-items.ts), UB13-39 is applied only before v1.50's dates. Changed later and left out
 * (rule-status.ts): UB13-40 (v1.35, v1.51), UB112-10, UB116-10 and UB131-20 (v1.51).
 *
 * The indicators come from the caller's tables (NfeTables.ibsCbsCst / cClassTrib, optional fields): an item whose CST
 * or cClassTrib the table does not know, or whose indicator the caller does not carry, is not judged. As the NT's
 * note ** says, only items that fill IBSCBS are.
 */
type Vigencia = { producao: Period; homologacao: Period };
const beforeV150: Vigencia = {
  homologacao: { desde: rtcV130.homologacao.desde, ate: '2026-08-31' },
  producao: { desde: rtcV130.producao.desde, ate: '2026-11-02' },
};

type CstIndicator = 'gIBSCBSMono' | 'gTransfCred' | 'gAjusteCompet' | 'gCredPresIBSZFM';
type ClassIndicator = 'gCredPresOper' | 'gEstornoCred';

/** One row: the group under IBSCBS, the table and indicator deciding it, and what the row forbids or requires. */
interface GroupRow {
  id: string;
  codigo: string;
  mensagem: string;
  modelos: readonly ('55' | '65')[];
  vigencia: Vigencia;
  group: string;
  indicator: { cst: CstIndicator } | { cClassTrib: ClassIndicator };
  /** 'vedado': the group with the indicator 0 is the fault; 'exigido': its absence with the indicator 1. */
  when: 'vedado' | 'exigido';
  /** The row's exception: the item is not judged. */
  except?: (it: ItemView) => boolean;
  /** The row's other condition that requires the group whatever the indicator (UB116-20: tpNFDebito 07). */
  alsoRequiredWhen?: (d: NfeView) => boolean;
  /** Elements without which the predicate finds nothing (Rule.requer). */
  requer: readonly string[];
  descricao: string;
}

/** The item's indicator, or undefined when the table does not know its code or the caller does not carry it. */
function indicatorOf(row: GroupRow, ibscbs: ItemView['ibscbs'], t: NfeTables): boolean | undefined {
  if ('cst' in row.indicator) {
    const cst = text(ibscbs, 'CST');
    const ind: IbsCbsCstIndicators | undefined = cst === undefined ? undefined : t.ibsCbsCst(cst);
    return ind?.[row.indicator.cst];
  }
  const code = text(ibscbs, 'cClassTrib');
  const ind: ClassTribIndicators | undefined = code === undefined ? undefined : t.cClassTrib(code);
  return ind?.[row.indicator.cClassTrib];
}

const codeOf = (row: GroupRow, ibscbs: ItemView['ibscbs']) =>
  'cst' in row.indicator ? `CST ${text(ibscbs, 'CST')}` : `cClassTrib ${text(ibscbs, 'cClassTrib')}`;

function groupRule(row: GroupRow): Rule {
  const verificar = perItem((it, d, ctx) => {
    const ib = it.ibscbs;
    if (!ib || !ctx.tabelas || row.except?.(it)) return null;
    const has = child(ib, row.group) !== undefined;
    const campo = `${it.path}/imposto/IBSCBS/${row.group}`;
    if (row.when === 'vedado') {
      if (!has || indicatorOf(row, ib, ctx.tabelas) !== false) return null;
      return { campo, esperado: `sem ${row.group} para o ${codeOf(row, ib)}`, encontrado: row.group };
    }
    if (has) return null;
    if (row.alsoRequiredWhen?.(d))
      return { campo, esperado: `${row.group} (tpNFDebito ${text(d.ide, 'tpNFDebito')})`, encontrado: 'ausente' };
    if (indicatorOf(row, ib, ctx.tabelas) !== true) return null;
    return { campo, esperado: `${row.group} para o ${codeOf(row, ib)}`, encontrado: 'ausente' };
  });
  return {
    ...ntRule(row.id, row.codigo, row.mensagem, 'UB', row.modelos, 'obrigatoria', row.descricao, verificar, '1.31'),
    vigencia: row.vigencia,
    tabelas: ['ibs-cbs'],
    requer: row.requer,
  };
}

const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const lossInStock = (d: NfeView) => text(d.ide, 'tpNFDebito') === '07';
const usedMovable = (it: ItemView) => text(it.prod, 'indBemMovelUsado') === '1';

const rows: GroupRow[] = [
  {
    id: 'UB13-39',
    codigo: '1151',
    mensagem: 'Grupo IBS/CBS Monofásico informado indevidamente [nItem: 999]',
    modelos: both,
    vigencia: beforeV150,
    group: 'gIBSCBSMono',
    indicator: { cst: 'gIBSCBSMono' },
    when: 'vedado',
    requer: ['gIBSCBSMono'],
    descricao:
      'gIBSCBSMono só com CST cujo indicador ind_gIBSCBSMono é 1 (tabela de CST do IBS/CBS); aplicada até as datas da v1.50, que reformulou a monofasia dos combustíveis.',
  },
  {
    id: 'UB13-44',
    codigo: '1131',
    mensagem: 'Grupo de transferência de crédito informado indevidamente [nItem: 999]',
    modelos: both,
    vigencia: rtcV130,
    group: 'gTransfCred',
    indicator: { cst: 'gTransfCred' },
    when: 'vedado',
    requer: ['gTransfCred'],
    descricao: 'gTransfCred só com CST cujo indicador ind_gTransfCred é 1 (tabela de CST do IBS/CBS).',
  },
  {
    id: 'UB13-45',
    codigo: '1132',
    mensagem: 'Grupo de transferência de crédito não informado [nItem: 999]',
    modelos: both,
    vigencia: rtcV130,
    group: 'gTransfCred',
    indicator: { cst: 'gTransfCred' },
    when: 'exigido',
    requer: ['IBSCBS'],
    descricao: 'gTransfCred informado quando o indicador ind_gTransfCred do CST é 1 (tabela de CST do IBS/CBS).',
  },
  {
    id: 'UB112-20',
    codigo: '1170',
    mensagem: 'Grupo de Ajuste de Competência não informado [nItem: 999]',
    modelos: nfe,
    vigencia: rtcV130b,
    group: 'gAjusteCompet',
    indicator: { cst: 'gAjusteCompet' },
    when: 'exigido',
    requer: ['IBSCBS'],
    descricao: 'gAjusteCompet informado quando o indicador ind_gAjusteCompet do CST é 1 (tabela de CST do IBS/CBS).',
  },
  {
    id: 'UB116-20',
    codigo: '1173',
    mensagem: 'Grupo de Estorno de Crédito não informado [nItem: 999]',
    modelos: nfe,
    vigencia: rtcV130b,
    group: 'gEstornoCred',
    indicator: { cClassTrib: 'gEstornoCred' },
    when: 'exigido',
    alsoRequiredWhen: lossInStock,
    requer: ['IBSCBS'],
    descricao:
      'gEstornoCred informado quando o indicador ind_gEstornoCred do cClassTrib é 1, ou na nota de débito de perda em estoque (tpNFDebito 07).',
  },
  {
    id: 'UB120-20',
    codigo: '1175',
    mensagem: 'Grupo de Crédito Presumido na Operação informado indevidamente [nItem: 999]',
    modelos: nfe,
    vigencia: rtcV130b,
    group: 'gCredPresOper',
    indicator: { cClassTrib: 'gCredPresOper' },
    when: 'vedado',
    except: usedMovable,
    requer: ['gCredPresOper'],
    descricao:
      'gCredPresOper só com cClassTrib cujo indicador ind_gCredPresOper é 1; não aplicada ao fornecimento de bem móvel usado (prod/indBemMovelUsado 1).',
  },
  {
    id: 'UB131-30',
    codigo: '1135',
    mensagem:
      'CST do IBS/CBS informado exige a informação do grupo para apropriação de crédito presumido de IBS sobre o saldo devedor na ZFM [nItem: 999]',
    modelos: nfe,
    vigencia: rtcV130b,
    group: 'gCredPresIBSZFM',
    indicator: { cst: 'gCredPresIBSZFM' },
    when: 'exigido',
    requer: ['IBSCBS'],
    descricao:
      'gCredPresIBSZFM informado quando o indicador ind_gCredPresIBSZFM do CST é 1 (tabela de CST do IBS/CBS).',
  },
];

/** UB13-39, UB13-44, UB13-45, UB112-20, UB116-20, UB120-20 and UB131-30, in the order of the NT. */
export const ibsCbsGroupRules: readonly Rule[] = rows.map(groupRule);
