import type { ItemView, NfeView } from './nfe-view.js';
import { hasReformGroups, ntRows } from './rule-factory.js';
import type { Finding, Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Group VC of NT 2025.002 (an item's reference to another DF-e, det/DFeReferenciado), rows read in a public
 * transcription of v1.31 (p. 48–49; decision 072). Only the rows whose whole condition is in the row and that a later
 * version is not known to have widened with exceptions: VC02-14 (devolução, rewritten by later versions), VC02-15 (the
 * code's message differs in v1.40) and VC02-30 (its exceptions corrected in v1.31, v1.40's row not read) stay out.
 *
 * The NT's rules apply to documents that fill the reform's fields (its schedule, note **); a document counts as such
 * when an item has IBSCBS or IS, or it is a credit or debit note (finNFe 5 or 6) — a reference alone in a document
 * without them is not reported. VC02-10 is per item in its message; only its certain case is checked: a debit note
 * of type 03 or 04 where no item references any DF-e.
 */
const nfe = ['55'] as const;

/** The rows read in v1.31, all "Obrig.". */
const vc = ntRows('VC');

const reformDocument = (d: NfeView): boolean => ['5', '6'].includes(text(d.ide, 'finNFe') ?? '') || hasReformGroups(d);

const refOf = (it: ItemView) => child(it.node, 'DFeReferenciado');
const refKey = (it: ItemView) => text(refOf(it), 'chaveAcesso');
const refPath = (it: ItemView) => `${it.path}/DFeReferenciado`;

/** A finding on each item of a reform document for which `bad` holds. */
const eachItem =
  (bad: (it: ItemView, d: NfeView) => Omit<Finding, 'nItem'> | null) =>
  (d: NfeView): Finding[] =>
    reformDocument(d)
      ? d.items.flatMap((it) => {
          const f = bad(it, d);
          return f ? [{ nItem: it.nItem, ...f }] : [];
        })
      : [];

export const referenceRules: readonly Rule[] = [
  vc(
    'VC02-04',
    '708',
    'NFC-e não pode referenciar documento fiscal',
    ['65'],
    'NFC-e sem DFeReferenciado nos itens.',
    eachItem((it) => (refKey(it) !== undefined ? { campo: `${refPath(it)}/chaveAcesso` } : null)),
  ),
  vc(
    'VC02-05',
    '1010',
    'NF-e com referenciamento de documento a nível de nota e a nível de item [nItem: 999]',
    nfe,
    'Item com DFeReferenciado/chaveAcesso numa NF-e que também tem NFref.',
    eachItem((it, d) =>
      refKey(it) !== undefined && child(d.ide, 'NFref')
        ? { campo: `${refPath(it)}/chaveAcesso`, encontrado: 'NFref e DFeReferenciado' }
        : null,
    ),
  ),
  vc(
    'VC02-07',
    '1042',
    'NF-e com referenciamento a nível de item informado indevidamente',
    nfe,
    'Nota de crédito (finNFe 5) sem DFeReferenciado nos itens.',
    eachItem((it, d) =>
      refOf(it) && text(d.ide, 'finNFe') === '5' ? { campo: refPath(it), encontrado: 'finNFe 5' } : null,
    ),
  ),
  vc(
    'VC02-10',
    '1038',
    'DFeReferenciado não informado [nItem: 999]',
    nfe,
    'Nota de débito tpNFDebito 03 (débitos não processados) ou 04 (multa e juros) com DFeReferenciado/chaveAcesso em algum item.',
    (d) => {
      const tp = text(d.ide, 'tpNFDebito');
      if ((tp !== '03' && tp !== '04') || d.items.length === 0 || d.items.some((it) => refKey(it) !== undefined))
        return [];
      const first = d.items[0]!;
      return [{ nItem: first.nItem, campo: `${refPath(first)}/chaveAcesso`, encontrado: `tpNFDebito ${tp}` }];
    },
  ),
  vc(
    'VC02-20',
    '1072',
    'DFe/Item referenciado em duplicidade [nItem: 999]',
    nfe,
    'Um mesmo par chaveAcesso + nItem de DFeReferenciado (só a chave, sem nItem) em um único item.',
    (d) => {
      if (!reformDocument(d)) return [];
      const seen = new Set<string>();
      return d.items.flatMap((it): Finding[] => {
        const key = refKey(it);
        if (key === undefined) return [];
        const pair = `${key}|${text(refOf(it), 'nItem') ?? ''}`;
        if (!seen.has(pair)) {
          seen.add(pair);
          return [];
        }
        return [{ nItem: it.nItem, campo: `${refPath(it)}/chaveAcesso`, encontrado: pair.replace('|', ' item ') }];
      });
    },
  ),
  vc(
    'VC03-10',
    '1039',
    'nItem do DFeReferenciado informado indevidamente [nItem: 999]',
    nfe,
    'Nota de débito tpNFDebito 03 referencia notas inteiras: DFeReferenciado sem nItem.',
    eachItem((it, d) =>
      text(d.ide, 'tpNFDebito') === '03' && text(refOf(it), 'nItem') !== undefined
        ? { campo: `${refPath(it)}/nItem`, encontrado: text(refOf(it), 'nItem') }
        : null,
    ),
  ),
  vc(
    'VC03-20',
    '1048',
    'nItem do DFeReferenciado não informado [nItem: 999]',
    nfe,
    'Nota de débito tpNFDebito 04 (multa e juros): DFeReferenciado com nItem.',
    eachItem((it, d) =>
      text(d.ide, 'tpNFDebito') === '04' && refOf(it) && text(refOf(it), 'nItem') === undefined
        ? { campo: `${refPath(it)}/nItem`, encontrado: 'ausente' }
        : null,
    ),
  ),
];
