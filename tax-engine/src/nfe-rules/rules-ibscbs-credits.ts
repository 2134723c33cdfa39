import { cents, showCents } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { ntRows, perItem } from './rule-factory.js';
import { rtcV130b } from './rules-reform-ide.js';
import type { Rule } from './types.js';
import { child, text, type XNode } from './xml-node.js';

/**
 * Group UB of NT 2025.002-RTC on the item's adjustment, reversal and presumed-credit groups (gAjusteCompet,
 * gEstornoCred, gCredPresOper, gCredPresIBSZFM) and on the refund groups (gDevTrib).
 *
 * Rows read in full in a public PDF→Markdown conversion of v1.31 (p. 44–46; decision 072) and not listed as changed
 * by any later version (v1.32 … v1.51, history p. 4–6): UB112-30, UB116-30, UB120-10, UB125-10, UB126-10, UB129-10,
 * UB130-10, UB131-10, UB131-40, UB131-50 — all in the second list of v1.30 (homologation by 24/11/2025, production
 * 02/02/2026). The rows that need an indicator of the CST, cClassTrib or cCredPres tables (UB112-10/20, UB116-10/20,
 * UB120-20, UB123, UB127, UB131-20/30) stay out: NfeTables does not carry those indicators (rule-status.ts).
 *
 * UB24-10, UB43-10 and UB62-10 (gDevTrib, v1.40) are not here: their rows were seen only through two implementations,
 * while this NT's own value rows (v1.31) subtract vDevTrib from each sphere's tax — rule-status.ts gives the reason.
 */
const nfe = ['55'] as const;
const nfce = ['65'] as const;

const ub = ntRows('UB', rtcV130b);

const ibsPath = (it: ItemView) => `${it.path}/imposto/IBSCBS`;
/** Some value above zero among the group's tags (the rows' "vIBS ou vCBS deve ser maior que zero"). */
const somePositive = (g: XNode, tags: readonly string[]) => tags.some((t) => (cents(text(g, t)) ?? 0) > 0);

const positiveGroup = (id: string, codigo: string, mensagem: string, group: string, tags: [string, string]) =>
  ub(
    id,
    codigo,
    mensagem,
    nfe,
    `${group}: ${tags[0]} ou ${tags[1]} maior que zero${group === 'gEstornoCred' ? ' (não aplicada à nota de débito de perda em estoque, tpNFDebito 07)' : ''}.`,
    perItem((it, d) => {
      const g = child(it.ibscbs, group);
      if (!g || somePositive(g, tags)) return null;
      if (group === 'gEstornoCred' && text(d.ide, 'tpNFDebito') === '07') return null;
      return { campo: `${ibsPath(it)}/${group}/${tags[0]}`, encontrado: text(g, tags[0]) ?? 'ausente' };
    }),
  );

/** In an NFC-e the group is the fault (UB120-10, UB131-10). */
const notInNfce = (id: string, codigo: string, mensagem: string, group: string) =>
  ub(
    id,
    codigo,
    mensagem,
    nfce,
    `NFC-e sem ${group} no item.`,
    perItem((it) => (child(it.ibscbs, group) ? { campo: `${ibsPath(it)}/${group}` } : null)),
  );

/** cCredPres 04: acquisition of movable goods from a non-contributor individual for resale (the rows' code "4"). */
const usedGoods = (cCredPres: string | undefined) => cCredPres !== undefined && Number(cCredPres) === 4;
const year = (d: NfeView, data: string) => Number((d.emissao ?? data).slice(0, 4));

/** UB125-10, UB129-10: with cCredPres 4, the sphere's vCredPres is not above the item's vProd. */
const notAboveProd = (id: string, codigo: string, mensagem: string, group: 'gIBSCredPres' | 'gCBSCredPres') =>
  ub(
    id,
    codigo,
    mensagem,
    nfe,
    `Com cCredPres 4 (bens móveis de pessoa física não contribuinte para revenda), ${group}/vCredPres não supera o vProd do item.`,
    perItem((it) => {
      const op = child(it.ibscbs, 'gCredPresOper');
      if (!op || !usedGoods(text(op, 'cCredPres'))) return null;
      const credit = cents(text(op, `${group}/vCredPres`));
      const prod = cents(text(it.prod, 'vProd'));
      if (credit === null || prod === null || credit <= prod) return null;
      return {
        campo: `${ibsPath(it)}/gCredPresOper/${group}/vCredPres`,
        esperado: `até ${showCents(prod)}`,
        encontrado: showCents(credit),
      };
    }),
  );

/** UB126-10 (IBS, from 2033), UB130-10 (CBS, from 2027): vCredPresCondSus only from that year and with cCredPres 4. */
const suspensive = (id: string, codigo: string, mensagem: string, group: string, from: number) =>
  ub(
    id,
    codigo,
    mensagem,
    nfe,
    `${group}/vCredPresCondSus só em nota emitida a partir de ${from} e com cCredPres 4.`,
    (d, ctx) =>
      perItem((it) => {
        const op = child(it.ibscbs, 'gCredPresOper');
        if (text(op, `${group}/vCredPresCondSus`) === undefined) return null;
        const y = year(d, ctx.data);
        if (y >= from && usedGoods(text(op, 'cCredPres'))) return null;
        return {
          campo: `${ibsPath(it)}/gCredPresOper/${group}/vCredPresCondSus`,
          encontrado: `cCredPres ${text(op, 'cCredPres')} em ${y}`,
        };
      })(d, ctx),
  );

const tpNFCredito = (d: NfeView) => text(d.ide, 'tpNFCredito');

export const ibsCbsCreditRules: readonly Rule[] = [
  positiveGroup(
    'UB112-30',
    '1171',
    'Valor do IBS ou da CBS deve ser maior que zero no ajuste de competência [nItem: 999]',
    'gAjusteCompet',
    ['vIBS', 'vCBS'],
  ),
  positiveGroup(
    'UB116-30',
    '1174',
    'Valor do IBS ou da CBS deve ser maior que zero no estorno de crédito [nItem: 999]',
    'gEstornoCred',
    ['vIBSEstCred', 'vCBSEstCred'],
  ),
  notInNfce(
    'UB120-10',
    '1049',
    'Não é permitido o uso de Crédito Presumido na NFC-e modelo 65 [nItem: 999]',
    'gCredPresOper',
  ),
  notAboveProd(
    'UB125-10',
    '1107',
    'Valor do Crédito Presumido do IBS não pode ser superior a vProd [nItem: 999]',
    'gIBSCredPres',
  ),
  suspensive(
    'UB126-10',
    '1056',
    'Valor do Crédito Presumido em condição suspensiva do IBS informado indevidamente [nItem: 999]',
    'gIBSCredPres',
    2033,
  ),
  notAboveProd(
    'UB129-10',
    '1124',
    'Valor do Crédito Presumido da CBS não pode ser superior a vProd [nItem: 999]',
    'gCBSCredPres',
  ),
  suspensive(
    'UB130-10',
    '1060',
    'Valor do Crédito Presumido da CBS informado indevidamente [nItem: 999]',
    'gCBSCredPres',
    2027,
  ),
  notInNfce(
    'UB131-10',
    '1138',
    'Não é permitido o uso de Crédito Presumido ZFM na NFC-e modelo 65 [nItem: 999]',
    'gCredPresIBSZFM',
  ),
  ub(
    'UB131-40',
    '1158',
    'Tipo de Nota de Crédito não permite o grupo para apropriação de crédito presumido de IBS sobre o saldo devedor na ZFM [nItem: 999]',
    nfe,
    'gCredPresIBSZFM só em nota de crédito do tipo 02 (crédito presumido de IBS sobre o saldo devedor na ZFM).',
    perItem((it, d) =>
      child(it.ibscbs, 'gCredPresIBSZFM') && tpNFCredito(d) !== '02'
        ? { campo: `${ibsPath(it)}/gCredPresIBSZFM`, encontrado: `tpNFCredito ${tpNFCredito(d) ?? 'não informado'}` }
        : null,
    ),
  ),
  ub(
    'UB131-50',
    '1159',
    'Tipo de Nota de Crédito exige o grupo para apropriação de crédito presumido de IBS sobre o saldo devedor na ZFM [nItem: 999]',
    nfe,
    'Nota de crédito do tipo 02: cada item com IBSCBS traz gCredPresIBSZFM.',
    perItem((it, d) =>
      it.ibscbs && tpNFCredito(d) === '02' && !child(it.ibscbs, 'gCredPresIBSZFM')
        ? { campo: `${ibsPath(it)}/gCredPresIBSZFM`, encontrado: 'ausente' }
        : null,
    ),
  ),
];
