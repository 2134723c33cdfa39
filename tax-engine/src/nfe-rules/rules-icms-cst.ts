import { cents } from './money.js';
import { cfopOf, cstOf, type ItemView, icmsPath, root } from './nfe-view.js';
import { has, mocRule, nfceGroup, perItem } from './rule-factory.js';
import { prodFrom2016 } from './sources.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Group N of MOC 7.0 annex I: the ICMS situation (CST/CSOSN) against the operation (export, NFC-e, non-taxpayer,
 * isento) and the desoneração fields (N28). Rows read in full in a public transcription of the annex (decision 072);
 * what a row leaves to the UF is not judged.
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;

const csosnOf = (it: ItemView) => text(it.icms, 'CSOSN');
/**
 * N12a-70's exceptions 4 and 5 (the MEI's remessas with CSOSN 900), added by NT 2024.003 v1.04; v1.08 put the NT's rules
 * in production on 01/03/2026, v1.04 in homologation from 07/07/2025. Exception 4 (CFOP 5904/6904) is "a critério da
 * UF": not rejected, since a UF that applies it accepts the document.
 */
const nt2024003MeiFrom = { producao: '2026-03-01', homologacao: '2025-07-07' } as const;

export const icmsCstRules: Rule[] = [
  mocRule(
    'N12-10',
    '527',
    'Operação de Exportação com informação de ICMS incompatível',
    'N',
    nfe,
    'facultativa',
    'CFOP de exportação (7.xxx): CST 41 ou CSOSN 300, salvo devolução (finNFe=4).',
    perItem((it, d) => {
      const bad =
        cfopOf(it).startsWith('7') &&
        text(d.ide, 'finNFe') !== '4' &&
        ((cstOf(it) !== undefined && cstOf(it) !== '41') || (csosnOf(it) !== undefined && csosnOf(it) !== '300'));
      return bad
        ? { campo: icmsPath(it), esperado: 'CST 41 ou CSOSN 300', encontrado: cstOf(it) ?? csosnOf(it) }
        : null;
    }),
  ),
  mocRule(
    'N12-34',
    '381',
    'Grupo de tributação ICMS90, informando dados do ICMS-ST [nItem:nnn]',
    'N',
    nfce,
    'obrigatoria',
    'NFC-e com CST 90 sem dados do ICMS-ST (modBCST).',
    perItem((it) =>
      it.icms?.name === 'ICMS90' && child(it.icms, 'modBCST') ? { campo: `${icmsPath(it)}/modBCST` } : null,
    ),
  ),
  nfceGroup('N12-50', '741', 'NFC-e com Partilha de ICMS entre UF', 'N', 'ICMSPart'),
  nfceGroup('N12-60', '740', 'Item com Repasse de ICMS retido por Substituto Tributário [nItem: nnn]', 'N', 'ICMSST'),
  mocRule(
    'N12a-34',
    '385',
    'Grupo de tributação ICMSSN900, informando dados do ICMS-ST [nItem: nnn]',
    'N',
    nfce,
    'obrigatoria',
    'NFC-e com CSOSN 900 sem dados do ICMS-ST (modBCST).',
    perItem((it) =>
      it.icms?.name === 'ICMSSN900' && child(it.icms, 'modBCST') ? { campo: `${icmsPath(it)}/modBCST` } : null,
    ),
  ),
  {
    ...mocRule(
      'N12a-70',
      '600',
      'CSOSN incompatível na operação com Não Contribuinte [nItem: 999]',
      'N',
      nfe,
      'obrigatoria',
      'Não contribuinte (indIEDest=9): CSOSN 102, 103, 300, 400 ou 500; exceções: entrada, CFOP de conserto ou reparo e de demonstração; desde a NT 2024.003 (produção 01/03/2026, homologação 07/07/2025), MEI (CRT=4) com CSOSN 900 nos CFOP 5551/6551 (exceção 5) e 5904/6904 (exceção 4, a critério da UF: não rejeitada).',
      perItem((it, d, ctx) => {
        const csosn = csosnOf(it);
        const cfop = cfopOf(it);
        const exempt =
          text(d.ide, 'tpNF') === '0' ||
          ['5915', '5916', '6915', '6916', '5912', '5913'].includes(cfop) ||
          (ctx.data >= nt2024003MeiFrom[ctx.ambiente] &&
            text(d.emit, 'CRT') === '4' &&
            csosn === '900' &&
            ['5551', '6551', '5904', '6904'].includes(cfop));
        return csosn &&
          text(d.dest, 'indIEDest') === '9' &&
          !['102', '103', '300', '400', '500'].includes(csosn) &&
          !exempt
          ? { campo: `${icmsPath(it)}/CSOSN`, encontrado: csosn }
          : null;
      }),
    ),
    vigencia: prodFrom2016,
  },
  {
    ...mocRule(
      'N12-80',
      '529',
      'CST incompatível na operação com Contribuinte Isento de Inscrição Estadual [nItem: 999]',
      'N',
      nfe,
      'obrigatoria',
      'Contribuinte isento (indIEDest=2) sem CST 50 ou 51; exceções: CST 50 em conserto, reparo ou demonstração; CST 51 interno a pessoa jurídica e NF-e avulsa interna ficam a critério da UF (não julgados).',
      perItem((it, d) => {
        const cst = cstOf(it);
        if (text(d.dest, 'indIEDest') !== '2' || (cst !== '50' && cst !== '51')) return null;
        const repair = ['1915', '1916', '2915', '2916', '5915', '5916', '6915', '6916', '1912', '1913', '5912', '5913'];
        const internal = text(d.ide, 'idDest') === '1';
        if (cst === '50' && repair.includes(cfopOf(it))) return null;
        if (cst === '51' && internal && child(d.dest, 'CNPJ')) return null;
        if (internal && ['1', '2'].includes(text(d.ide, 'procEmi') ?? '')) return null;
        return { campo: `${icmsPath(it)}/CST`, encontrado: cst };
      }),
    ),
    vigencia: prodFrom2016,
  },
  mocRule(
    'N28-10',
    '625',
    'Inscrição SUFRAMA deve ser informada na venda com isenção para ZFM [nItem: 999]',
    'N',
    both,
    'facultativa',
    'Desoneração Suframa (motDesICMS=7) com dest/ISUF, salvo CFOP de entrada (1.xxx, 2.xxx).',
    perItem((it, d) =>
      text(it.icms, 'motDesICMS') === '7' && !child(d.dest, 'ISUF') && !/^[12]/.test(cfopOf(it))
        ? { campo: `${root}/dest/ISUF` }
        : null,
    ),
  ),
  mocRule(
    'N28-20',
    '626',
    'CFOP de operação isenta para ZFM diferente do previsto [nItem: 999]',
    'N',
    nfe,
    'facultativa',
    'Desoneração Suframa (motDesICMS=7) só com os CFOP que a regra lista.',
    perItem((it) => {
      const ok = [
        '1203',
        '1204',
        '1208',
        '1209',
        '2203',
        '2204',
        '2208',
        '2209',
        '5109',
        '5110',
        '5120',
        '5151',
        '5152',
        '5651',
        '5652',
        '5654',
        '5655',
        '5658',
        '5659',
        '5910',
        '6905',
        '6109',
        '6110',
        '6120',
        '6122',
        '6123',
        '6151',
        '6152',
        '6651',
        '6652',
        '6654',
        '6655',
        '6658',
        '6659',
        '6910',
        '6923',
      ];
      return text(it.icms, 'motDesICMS') === '7' && !ok.includes(cfopOf(it))
        ? { campo: `${it.path}/prod/CFOP`, encontrado: cfopOf(it) }
        : null;
    }),
  ),
  mocRule(
    'N28-30',
    '627',
    'O valor do ICMS desonerado deve ser informado [nItem: 999]',
    'N',
    both,
    'facultativa',
    'Com motDesICMS, vICMSDeson maior que zero.',
    perItem((it) =>
      has(it.icms, 'motDesICMS') && !((cents(text(it.icms, 'vICMSDeson')) ?? 0) > 0)
        ? { campo: `${icmsPath(it)}/vICMSDeson`, encontrado: text(it.icms, 'vICMSDeson') ?? 'não informado' }
        : null,
    ),
  ),
];
