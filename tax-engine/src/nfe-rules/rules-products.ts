import { isValidGtin, mocRule, perItem } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Group I (prod) of MOC 7.0 annex I: GTIN, NCM "00", CFOP against idDest and the destination, import (DI) and export
 * (detExport) rows, read in full in a public markdown transcription of the annex's tables (decision 072). Rules the
 * annex marks "implementação futura" (I05-30, I09-10, I13-10, I19-10, I29a-20, I51-20, I53-10) are not here.
 */
const both = ['55', '65'] as const;
/**
 * The blank-GTIN rules (I03-30, I12-60) were postponed by NT 2017.001 (v1.10 "implantação futura", v1.20 01/12/2018,
 * v1.30 homologation only, from 27/06/2018), then deactivated, and came back with NT 2021.003's stage 1 (the MOC
 * 7.0 row cites "NT 2021.003, Etapa 1"), required in production from 12/09/2022 as SEFAZ announced it. NF-e
 * authorised with a blank cEAN before that exist (one in PR homologation on 12/07/2017).
 */
const blankGtinInForce = { producao: { desde: '2022-09-12' }, homologacao: { desde: '2018-06-27' } };
const noGtin = (v: string | undefined) => v === undefined || v === '' || v === 'SEM GTIN';
function gtinRules(tag: 'cEAN' | 'cEANTrib', codes: [string, string], label: string, group: string): Rule[] {
  return [
    mocRule(
      `${group}-10`,
      codes[0],
      `${label} inválido [nItem:999]`,
      'I',
      both,
      'obrigatoria',
      `${tag} diferente de "SEM GTIN" com dígito verificador GS1 válido.`,
      perItem((it) => {
        const v = text(it.prod, tag);
        return !noGtin(v) && !isValidGtin(v!) ? { campo: `${it.path}/prod/${tag}`, encontrado: v } : null;
      }),
    ),
    {
      ...mocRule(
        tag === 'cEAN' ? 'I03-30' : 'I12-60',
        codes[1],
        `${label} sem informação [nItem: 999]`,
        'I',
        both,
        'obrigatoria',
        `${tag} em branco: produto sem GTIN usa "SEM GTIN" (NT 2021.003 Etapa 1: produção desde 12/09/2022).`,
        perItem((it) => (text(it.prod, tag) === '' ? { campo: `${it.path}/prod/${tag}`, esperado: 'SEM GTIN' } : null)),
      ),
      vigencia: blankGtinInForce,
    },
  ];
}

export const productRules: Rule[] = [
  ...gtinRules('cEAN', ['611', '883'], 'GTIN (cEAN)', 'I03'),
  ...gtinRules('cEANTrib', ['612', '888'], 'GTIN da unidade tributável (cEANTrib)', 'I12'),
  mocRule(
    'I12-30',
    '885',
    'GTIN informado, mas não informado o GTIN da unidade tributável [nItem:999]',
    'I',
    both,
    'obrigatoria',
    'Com cEAN específico, cEANTrib também é um GTIN.',
    perItem((it) =>
      !noGtin(text(it.prod, 'cEAN')) && noGtin(text(it.prod, 'cEANTrib'))
        ? { campo: `${it.path}/prod/cEANTrib`, encontrado: text(it.prod, 'cEANTrib') }
        : null,
    ),
  ),
  mocRule(
    'I12-40',
    '886',
    'GTIN da unidade tributável informado, mas não informado o GTIN [nItem:999]',
    'I',
    both,
    'obrigatoria',
    'Com cEANTrib específico, cEAN também é um GTIN.',
    perItem((it) =>
      !noGtin(text(it.prod, 'cEANTrib')) && noGtin(text(it.prod, 'cEAN'))
        ? { campo: `${it.path}/prod/cEAN`, encontrado: text(it.prod, 'cEAN') }
        : null,
    ),
  ),
  mocRule(
    'I05-24',
    '471',
    'Informado NCM=00 indevidamente',
    'I',
    both,
    'obrigatoria',
    'NCM "00" só em NF-e de ajuste (finNFe=3) ou item de serviço (com ISSQN).',
    perItem((it, d) =>
      text(it.prod, 'NCM') === '00' && text(d.ide, 'finNFe') !== '3' && !child(it.imposto, 'ISSQN')
        ? { campo: `${it.path}/prod/NCM`, encontrado: '00' }
        : null,
    ),
  ),
];
