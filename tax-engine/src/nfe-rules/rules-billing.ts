import { cents, showCents } from './money.js';
import type { NfeView } from './nfe-view.js';
import { root } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import type { Rule } from './types.js';
import { at, child, children, text } from './xml-node.js';

/**
 * Group Y (cobr: fat and dup) of MOC 7.0 annex I; YA and YB are in rules-payment-means.ts. Rows read in a public
 * transcription of the annex's tables (decision 072).
 */
const nfe = ['55'] as const;
const nfce = ['65'] as const;

const dups = (d: NfeView) => children(child(d.infNFe, 'cobr'), 'dup');
/**
 * Production dates NT 2016.002 (layout 4.00, §3.2 "Regras de Validação", group Y) gave the billing rules: Y09-20,
 * Y09-30 and Y10-10 "implementação futura em ambiente de produção a partir de 02-jul-2018", Y08-10 (and Y01-20) from
 * 03-set-2018; in homologation with layout 4.00. An NF-e authorised in SP on 07/08/2018 had nDup "47428/1-1".
 */
const fromJul2018 = { producao: { desde: '2018-07-02' }, homologacao: { desde: null } };
const fromSep2018 = { producao: { desde: '2018-09-03' }, homologacao: { desde: null } };

export const billingRules: Rule[] = [
  mocRule(
    'Y01-10',
    '760',
    'NFC-e com dados de cobrança (Fatura, Duplicata)',
    'Y',
    nfce,
    'obrigatoria',
    'NFC-e sem cobr.',
    (d) => when(!!child(d.infNFe, 'cobr'), { campo: `${root}/cobr` }),
  ),
  {
    ...mocRule(
      'Y01-20',
      '905',
      'Campos do grupo Fatura não informados',
      'Y',
      nfe,
      'obrigatoria',
      'Grupo cobr com fat/nFat, fat/vOrig e fat/vLiq (produção desde 03/09/2018).',
      (d) => {
        const cobr = child(d.infNFe, 'cobr');
        const missing = ['nFat', 'vOrig', 'vLiq'].filter((t) => text(cobr, `fat/${t}`) === undefined);
        return when(!!cobr && missing.length > 0, { campo: `${root}/cobr/fat`, esperado: missing.join(', ') });
      },
    ),
    vigencia: { producao: { desde: '2018-09-03' }, homologacao: { desde: null } },
  },
  mocRule(
    'Y05-10',
    '901',
    'Valor do Desconto da Fatura maior que Valor Original da Fatura',
    'Y',
    nfe,
    'obrigatoria',
    'fat/vDesc até fat/vOrig (não informado vale zero).',
    (d) => {
      const fat = at(d.infNFe, 'cobr/fat');
      const desc = cents(text(fat, 'vDesc')) ?? 0;
      const orig = cents(text(fat, 'vOrig')) ?? 0;
      return when(!!fat && desc > orig, {
        campo: `${root}/cobr/fat/vDesc`,
        esperado: `até ${showCents(orig)}`,
        encontrado: showCents(desc),
      });
    },
  ),
  mocRule(
    'Y06-10',
    '902',
    'Valor Liquido da Fatura difere do Valor Original menos o Valor do Desconto',
    'Y',
    nfe,
    'obrigatoria',
    'Com vLiq e vOrig: vLiq = vOrig − vDesc.',
    (d) => {
      const fat = at(d.infNFe, 'cobr/fat');
      const liq = cents(text(fat, 'vLiq'));
      const orig = cents(text(fat, 'vOrig'));
      if (liq === null || orig === null) return [];
      const expected = orig - (cents(text(fat, 'vDesc')) ?? 0);
      return when(liq !== expected, {
        campo: `${root}/cobr/fat/vLiq`,
        esperado: showCents(expected),
        encontrado: showCents(liq),
      });
    },
  ),
  {
    ...mocRule(
      'Y08-10',
      '852',
      'Número da parcela inválido ou não informado [nOcor: 999]',
      'Y',
      nfe,
      'obrigatoria',
      'nDup com 3 algarismos, sequenciais e consecutivos: 001, 002, 003 … (produção desde 03/09/2018).',
      (d) =>
        dups(d).flatMap((dup, i) => {
          const n = text(dup, 'nDup');
          const expected = String(i + 1).padStart(3, '0');
          return n === expected
            ? []
            : [{ campo: `${root}/cobr/dup[${i + 1}]/nDup`, esperado: expected, encontrado: n ?? 'não informado' }];
        }),
    ),
    vigencia: fromSep2018,
  },
  {
    ...mocRule(
      'Y09-20',
      '900',
      'Data de vencimento da parcela não informada ou menor que Data de Emissão [nOcor: 999]',
      'Y',
      nfe,
      'obrigatoria',
      'dVenc de cada parcela informado e não anterior à data de emissão.',
      (d) =>
        dups(d).flatMap((dup, i) => {
          const v = text(dup, 'dVenc');
          return !v || (d.emissao && v < d.emissao)
            ? [
                {
                  campo: `${root}/cobr/dup[${i + 1}]/dVenc`,
                  esperado: `a partir de ${d.emissao}`,
                  encontrado: v ?? 'não informado',
                },
              ]
            : [];
        }),
    ),
    vigencia: fromJul2018,
  },
  {
    ...mocRule(
      'Y09-30',
      '850',
      'Data de vencimento da parcela não informada ou menor que a Data de vencimento da parcela anterior [nOcor: 999]',
      'Y',
      nfe,
      'obrigatoria',
      'dVenc de cada parcela informado e não anterior ao da parcela anterior.',
      (d) =>
        dups(d).flatMap((dup, i, all) => {
          const v = text(dup, 'dVenc');
          const prev = i > 0 ? text(all[i - 1], 'dVenc') : undefined;
          return !v || (prev && v < prev)
            ? [
                {
                  campo: `${root}/cobr/dup[${i + 1}]/dVenc`,
                  esperado: prev ? `a partir de ${prev}` : undefined,
                  encontrado: v ?? 'não informado',
                },
              ]
            : [];
        }),
    ),
    vigencia: fromJul2018,
  },
  {
    ...mocRule(
      'Y10-10',
      '851',
      'Soma do valor das parcelas difere do Valor Líquido da Fatura',
      'Y',
      nfe,
      'obrigatoria',
      'Com parcelas (dup) e fat/vLiq: soma de vDup = vLiq.',
      (d) => {
        const liq = cents(text(d.infNFe, 'cobr/fat/vLiq'));
        const list = dups(d);
        if (liq === null || list.length === 0) return [];
        const sum = list.reduce((s, dup) => s + (cents(text(dup, 'vDup')) ?? 0), 0);
        return when(sum !== liq, { campo: `${root}/cobr/dup`, esperado: showCents(liq), encontrado: showCents(sum) });
      },
    ),
    vigencia: fromJul2018,
  },
];
