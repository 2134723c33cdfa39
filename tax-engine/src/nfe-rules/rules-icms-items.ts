import { findInterstateRate, icmsUfTable } from '../interstate-rate.js';
import { cents, productCents, showCents, within } from './money.js';
import type { ItemView, NfeView } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import { NOT_PETROLEUM_ANP } from './rules-cfop.js';
import type { Finding, Rule, RuleContext, RuleGroup } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Groups N (ICMS), NA (ICMS to the destination UF), O, P, R, T (groups an NFC-e does not carry), U and UA of MOC 7.0
 * annex I, rows read in full in a public markdown transcription of the annex's tables (decision 072). Products of a
 * base and a rate use the annex's note (*4): two places, R$ 0,01 of tolerance. Where a row says optional fields
 * missing count as zero, a missing figure is not judged here: the book accepts rather than rejects.
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;

const perItem =
  (bad: (it: ItemView, d: NfeView, ctx: RuleContext) => Finding | null) =>
  (d: NfeView, ctx: RuleContext): Finding[] =>
    d.items.flatMap((it) => {
      const f = bad(it, d, ctx);
      return f ? [{ nItem: it.nItem, ...f }] : [];
    });
const cfopOf = (it: ItemView) => text(it.prod, 'CFOP') ?? '';
const icmsPath = (it: ItemView) => `${it.path}/imposto/ICMS/${it.icms?.name ?? 'ICMS'}`;
const cstOf = (it: ItemView) => text(it.icms, 'CST');
const csosnOf = (it: ItemView) => text(it.icms, 'CSOSN');
/** A group inside imposto (IPI, II, PISST, COFINSST, ISSQN, ICMSUFDest, impostoDevol is beside imposto). */
const group = (it: ItemView, name: string) => child(it.imposto, name);
const productOff = (value: string | undefined, base: string | undefined, rate: string | undefined, path: string) => {
  const v = cents(value);
  const p = productCents(base, rate);
  if (v === null || p === null) return null;
  const expected = Math.round(p);
  return within(v, p, 1) ? null : { campo: path, esperado: showCents(expected), encontrado: value };
};
const cfopRow = (ctx: RuleContext, cfop: string) => ctx.tabelas?.cfop?.(cfop);
const isUf = (uf: string | undefined): uf is keyof typeof icmsUfTable => !!uf && uf in icmsUfTable;
const imported = (orig: string | undefined) => ['1', '2', '3', '8'].includes(orig ?? '');
/** The interstate rate of the emitter's and the recipient's UFs (7 or 12), or undefined. */
const interRate = (d: NfeView) => {
  const from = text(d.emit, 'enderEmit/UF');
  const to = text(d.dest, 'enderDest/UF');
  return isUf(from) && isUf(to) ? (findInterstateRate(from, to) ?? undefined) : undefined;
};
/** N16-20 and NA09-30 exceptions on the places: delivery outside the emitter's UF, pick-up outside the recipient's. */
const placesElsewhere = (d: NfeView) => {
  const entrega = text(d.infNFe, 'entrega/UF');
  const retirada = text(d.infNFe, 'retirada/UF');
  return (
    (!!entrega && entrega !== text(d.emit, 'enderEmit/UF')) || (!!retirada && retirada !== text(d.dest, 'enderDest/UF'))
  );
};
const prodFrom2016 = { producao: { desde: '2016-07-01' }, homologacao: { desde: null } };

const nfceGroup = (id: string, codigo: string, mensagem: string, grupo: RuleGroup, name: string) =>
  mocRule(
    id,
    codigo,
    mensagem,
    grupo,
    nfce,
    'obrigatoria',
    `NFC-e sem o grupo ${name} no item.`,
    perItem((it) => {
      const g = name === 'ICMSPart' || name === 'ICMSST' ? child(child(it.imposto, 'ICMS'), name) : group(it, name);
      return g
        ? { campo: `${it.path}/imposto/${name === 'ICMSPart' || name === 'ICMSST' ? 'ICMS/' : ''}${name}` }
        : null;
    }),
  );

export const icmsItemRules: Rule[] = [
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
      'Não contribuinte (indIEDest=9): CSOSN 102, 103, 300, 400 ou 500; exceções: entrada, CFOP de conserto ou reparo e de demonstração.',
      perItem((it, d) => {
        const csosn = csosnOf(it);
        const exempt =
          text(d.ide, 'tpNF') === '0' || ['5915', '5916', '6915', '6916', '5912', '5913'].includes(cfopOf(it));
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
  {
    ...mocRule(
      'N16-20',
      '693',
      'Alíquota de ICMS superior à definida para a operação interestadual [nItem: 999]',
      'N',
      nfe,
      'obrigatoria',
      'Saída interestadual normal de mercadoria nacional: pICMS até 7 % de S/SE (exceto ES) para N/NE/CO/ES e até 12 % nos demais casos; exceções: veículos novos tpOp 2 ou 3, CFOP de retorno ou anulação (Tabela CFOP), venda à ordem, entrega ou retirada em outra UF.',
      (d, ctx) => {
        const rate = interRate(d);
        const veic = d.items.some((it) => ['2', '3'].includes(text(it.prod, 'veicProd/tpOp') ?? ''));
        if (!rate || veic || placesElsewhere(d)) return [];
        if (text(d.ide, 'idDest') !== '2' || text(d.ide, 'tpNF') !== '1' || text(d.ide, 'finNFe') !== '1') return [];
        return perItem((it) => {
          const row = cfopRow(ctx, cfopOf(it));
          const p = Number(text(it.icms, 'pICMS'));
          if (!row || row.indRetor || row.indAnula || ['6118', '6119', '6122', '6123'].includes(cfopOf(it)))
            return null;
          return !imported(text(it.icms, 'orig')) && p > rate
            ? { campo: `${icmsPath(it)}/pICMS`, esperado: `até ${rate}.00`, encontrado: text(it.icms, 'pICMS') }
            : null;
        })(d, ctx);
      },
    ),
    tabelas: ['cfop'],
  },
  mocRule(
    'N16a-10',
    '351',
    'Valor do ICMS da Operação no CST=51 difere do produto BC e Alíquota [nItem: 999]',
    'N',
    nfe,
    'facultativa',
    'CST 51: vICMSOp = vBC × pICMS / 100, tolerância de R$ 0,01 (só quando os três são informados).',
    perItem((it) =>
      cstOf(it) === '51'
        ? productOff(text(it.icms, 'vICMSOp'), text(it.icms, 'vBC'), text(it.icms, 'pICMS'), `${icmsPath(it)}/vICMSOp`)
        : null,
    ),
  ),
  mocRule(
    'N16c-10',
    '352',
    'Valor do ICMS Diferido no CST=51 difere do produto Valor ICMS Operação e percentual diferimento [nItem: 999]',
    'N',
    nfe,
    'facultativa',
    'CST 51: vICMSDif = vICMSOp × pDif / 100, tolerância de R$ 0,01 (só quando os três são informados).',
    perItem((it) =>
      cstOf(it) === '51'
        ? productOff(
            text(it.icms, 'vICMSDif'),
            text(it.icms, 'vICMSOp'),
            text(it.icms, 'pDif'),
            `${icmsPath(it)}/vICMSDif`,
          )
        : null,
    ),
  ),
  mocRule(
    'N17-10',
    '353',
    'Valor do ICMS no CST=51 não corresponde a diferença do ICMS operação e ICMS diferido [nItem: 999]',
    'N',
    nfe,
    'facultativa',
    'CST 51: vICMS = vICMSOp − vICMSDif (não aplicada se vICMSDif e vICMS não são informados).',
    perItem((it) => {
      if (cstOf(it) !== '51') return null;
      const [op, dif, v] = ['vICMSOp', 'vICMSDif', 'vICMS'].map((t) => cents(text(it.icms, t)));
      if (op === null || op === undefined || (dif === null && v === null)) return null;
      const expected = op - (dif ?? 0);
      return (v ?? 0) === expected
        ? null
        : { campo: `${icmsPath(it)}/vICMS`, esperado: showCents(expected), encontrado: text(it.icms, 'vICMS') };
    }),
  ),
  mocRule(
    'N17b-10',
    '880',
    'Percentual de FCP igual a zero [nItem: 999]',
    'N',
    both,
    'obrigatoria',
    'pFCP, quando informado, maior que zero (produto sem FCP não informa os campos).',
    perItem((it) => {
      const p = text(it.icms, 'pFCP');
      return p !== undefined && Number(p) === 0 ? { campo: `${icmsPath(it)}/pFCP`, encontrado: p } : null;
    }),
  ),
  ...(
    [
      ['N23b-10', 'pFCPST'],
      ['N27b-10', 'pFCPSTRet'],
    ] as const
  ).map(([id, tag]) =>
    mocRule(
      id,
      '881',
      'Percentual de FCPST igual a zero [nItem: 999]',
      'N',
      id === 'N23b-10' ? nfe : both,
      'obrigatoria',
      `${tag}, quando informado, maior que zero (produto sem FCP ST não informa os campos).`,
      perItem((it) => {
        const p = text(it.icms, tag);
        return p !== undefined && Number(p) === 0 ? { campo: `${icmsPath(it)}/${tag}`, encontrado: p } : null;
      }),
    ),
  ),
  mocRule(
    'N17c-10',
    '860',
    'Valor do FCP informado difere de base de cálculo*alíquota [nItem: 999]',
    'N',
    both,
    'obrigatoria',
    'NF-e normal: vFCP = vBC × pFCP (CST 00) ou vBCFCP × pFCP (CST 10, 20, 51, 70, 90), tolerância de R$ 0,01.',
    perItem((it, d) => {
      const cst = cstOf(it);
      if (text(d.ide, 'finNFe') !== '1' || !has(it, 'vFCP') || !cst) return null;
      const base =
        cst === '00'
          ? text(it.icms, 'vBC')
          : ['10', '20', '51', '70', '90'].includes(cst)
            ? text(it.icms, 'vBCFCP')
            : undefined;
      return productOff(text(it.icms, 'vFCP'), base, text(it.icms, 'pFCP'), `${icmsPath(it)}/vFCP`);
    }),
  ),
  mocRule(
    'N17c-20',
    '876',
    'Operação interestadual para Consumidor Final e valor do FCP informado em campo diferente de vFCPUFDest (id:NA13) [nItem: 999]',
    'N',
    nfe,
    'obrigatoria',
    'Interestadual a consumidor final não contribuinte: o FCP vai em vFCPUFDest, não em vFCP.',
    perItem((it, d) => {
      const dest =
        text(d.ide, 'idDest') === '2' && text(d.ide, 'indFinal') === '1' && text(d.dest, 'indIEDest') === '9';
      return dest && (cents(text(it.icms, 'vFCP')) ?? 0) > 0
        ? { campo: `${icmsPath(it)}/vFCP`, encontrado: text(it.icms, 'vFCP') }
        : null;
    }),
  ),
  mocRule(
    'N18-10',
    '932',
    'Informada modalidade de determinação da BC da ST como MVA e não informado o campo pMVAST [nItem: nnn]',
    'N',
    nfe,
    'facultativa',
    'modBCST 4 (MVA) com pMVAST (regra opcional, a critério da UF).',
    perItem((it) =>
      text(it.icms, 'modBCST') === '4' && !has(it, 'pMVAST') ? { campo: `${icmsPath(it)}/pMVAST` } : null,
    ),
  ),
  mocRule(
    'N18-20',
    '933',
    'Informada modalidade de determinação da BC da ST diferente de MVA e informado o campo pMVAST [nItem: nnn]',
    'N',
    nfe,
    'facultativa',
    'pMVAST só com modBCST 4 (regra opcional, a critério da UF).',
    perItem((it) => {
      const mod = text(it.icms, 'modBCST');
      return mod !== undefined && mod !== '4' && has(it, 'pMVAST')
        ? { campo: `${icmsPath(it)}/pMVAST`, encontrado: `modBCST ${mod}` }
        : null;
    }),
  ),
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
        ? { campo: `${'NFe/infNFe'}/dest/ISUF` }
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
      has(it, 'motDesICMS') && !((cents(text(it.icms, 'vICMSDeson')) ?? 0) > 0)
        ? { campo: `${icmsPath(it)}/vICMSDeson`, encontrado: text(it.icms, 'vICMSDeson') ?? 'não informado' }
        : null,
    ),
  ),
  mocRule(
    'NA01-10',
    '807',
    'NFC-e com grupo de ICMS para a UF do destinatário',
    'NA',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo ICMSUFDest.',
    perItem((it) => (group(it, 'ICMSUFDest') ? { campo: `${it.path}/imposto/ICMSUFDest` } : null)),
  ),
  {
    ...mocRule(
      'NA01-30',
      '695',
      'Informado indevidamente o grupo de ICMS para a UF de destino [nItem:999]',
      'NA',
      nfe,
      'obrigatoria',
      'ICMSUFDest só em operação interestadual (idDest=2) com consumidor final não contribuinte, sem ISSQN e sem combustível derivado de petróleo; não se aplica com entrega em outra UF nem à NF-e avulsa de devolução (critério da UF).',
      perItem((it, d) => {
        if (!group(it, 'ICMSUFDest')) return null;
        const entrega = text(d.infNFe, 'entrega/UF');
        if (
          (entrega && entrega !== text(d.emit, 'enderEmit/UF')) ||
          (text(d.ide, 'finNFe') === '4' && ['1', '2'].includes(text(d.ide, 'procEmi') ?? ''))
        )
          return null;
        const anp = text(it.prod, 'comb/cProdANP');
        const undue =
          text(d.ide, 'idDest') !== '2' ||
          text(d.ide, 'indFinal') !== '1' ||
          text(d.dest, 'indIEDest') !== '9' ||
          !!group(it, 'ISSQN') ||
          (!!anp && !NOT_PETROLEUM_ANP.has(anp));
        return undue ? { campo: `${it.path}/imposto/ICMSUFDest` } : null;
      }),
    ),
    vigencia: prodFrom2016,
  },
  {
    ...mocRule(
      'NA09-10',
      '697',
      'Alíquota interestadual do ICMS com origem diferente do previsto [nItem:999]',
      'NA',
      nfe,
      'obrigatoria',
      'pICMSInter 4 % só para mercadoria importada (orig 1, 2, 3 ou 8).',
      perItem((it) => {
        const p = text(group(it, 'ICMSUFDest'), 'pICMSInter');
        return p !== undefined && Number(p) === 4 && !imported(text(it.icms, 'orig'))
          ? { campo: `${it.path}/imposto/ICMSUFDest/pICMSInter`, encontrado: `${p}, orig ${text(it.icms, 'orig')}` }
          : null;
      }),
    ),
    vigencia: prodFrom2016,
  },
  {
    ...mocRule(
      'NA09-20',
      '697',
      'Alíquota interestadual do ICMS com origem diferente do previsto [nItem:999]',
      'NA',
      nfe,
      'obrigatoria',
      'pICMSInter 7 % ou 12 % só para mercadoria nacional (orig diferente de 1, 2, 3 e 8).',
      perItem((it) => {
        const p = text(group(it, 'ICMSUFDest'), 'pICMSInter');
        return p !== undefined && [7, 12].includes(Number(p)) && imported(text(it.icms, 'orig'))
          ? { campo: `${it.path}/imposto/ICMSUFDest/pICMSInter`, encontrado: `${p}, orig ${text(it.icms, 'orig')}` }
          : null;
      }),
    ),
    vigencia: prodFrom2016,
  },
  {
    ...mocRule(
      'NA09-30',
      '698',
      'Alíquota interestadual do ICMS incompatível com as UF envolvidas na operação [nItem:999]',
      'NA',
      nfe,
      'obrigatoria',
      'Saída normal com pICMSInter 7 % ou 12 %: 7 % de S/SE (exceto ES) para N/NE/CO/ES, 12 % nos demais casos; exceções: CFOP de retorno (Tabela CFOP), entrega ou retirada em outra UF.',
      (d, ctx) => {
        const rate = interRate(d);
        if (!rate || text(d.ide, 'tpNF') !== '1' || text(d.ide, 'finNFe') !== '1' || placesElsewhere(d)) return [];
        return perItem((it) => {
          const p = text(group(it, 'ICMSUFDest'), 'pICMSInter');
          const row = cfopRow(ctx, cfopOf(it));
          if (p === undefined || ![7, 12].includes(Number(p)) || !row || row.indRetor) return null;
          return Number(p) !== rate
            ? { campo: `${it.path}/imposto/ICMSUFDest/pICMSInter`, esperado: `${rate}.00`, encontrado: p }
            : null;
        })(d, ctx);
      },
    ),
    vigencia: prodFrom2016,
    tabelas: ['cfop'],
  },
  {
    ...mocRule(
      'NA13-10',
      '793',
      'Valor do ICMS relativo ao Fundo de Combate à Pobreza na UF de destino difere do calculado [nItem: 999]',
      'NA',
      nfe,
      'obrigatoria',
      'vFCPUFDest = vBCFCPUFDest × pFCPUFDest / 100, tolerância de R$ 0,01.',
      perItem((it) => {
        const g = group(it, 'ICMSUFDest');
        return g
          ? productOff(
              text(g, 'vFCPUFDest'),
              text(g, 'vBCFCPUFDest'),
              text(g, 'pFCPUFDest'),
              `${it.path}/imposto/ICMSUFDest/vFCPUFDest`,
            )
          : null;
      }),
    ),
    vigencia: { producao: { desde: '2016-01-01' }, homologacao: { desde: null } },
  },
  nfceGroup('O01-10', '742', 'NFC-e com grupo do IPI', 'O', 'IPI'),
  {
    ...mocRule(
      'O09-10',
      '388',
      'Código de Situação Tributária do IPI incompatível com o Código de Enquadramento Legal do IPI [nItem: nnn]',
      'O',
      nfe,
      'obrigatoria',
      'IPINT: CST 02/52 com cEnq 301–399, 04/54 com 001–099, 05/55 com 101–199.',
      perItem((it) => {
        const ipi = group(it, 'IPI');
        const cst = text(ipi, 'IPINT/CST');
        const enq = Number(text(ipi, 'cEnq'));
        const ranges: Record<string, [number, number]> = {
          '02': [301, 399],
          '52': [301, 399],
          '04': [1, 99],
          '54': [1, 99],
          '05': [101, 199],
          '55': [101, 199],
        };
        const r = cst ? ranges[cst] : undefined;
        return r && !(enq >= r[0] && enq <= r[1])
          ? { campo: `${it.path}/imposto/IPI/cEnq`, esperado: `${r[0]}–${r[1]}`, encontrado: text(ipi, 'cEnq') }
          : null;
      }),
    ),
    vigencia: { producao: { desde: '2016-04-01' }, homologacao: { desde: null } },
  },
  nfceGroup('P01-10', '743', 'NFC-e com grupo do II', 'P', 'II'),
  nfceGroup('R01-10', '746', 'NFC-e com grupo do PIS-ST', 'R', 'PISST'),
  nfceGroup('T01-10', '749', 'NFC-e com grupo da COFINS-ST', 'T', 'COFINSST'),
  mocRule(
    'U01-10',
    '530',
    'Operação com tributação de ISSQN sem informar a Inscrição Municipal',
    'U',
    both,
    'facultativa',
    'Item com ISSQN: o emitente informa a inscrição municipal (emit/IM).',
    (d) => when(d.items.some((it) => group(it, 'ISSQN')) && !child(d.emit, 'IM'), { campo: 'NFe/infNFe/emit/IM' }),
  ),
  mocRule(
    'UA01-10',
    '354',
    'Informado grupo de devolução de tributos para NF-e que não tem finalidade de devolução de mercadoria',
    'UA',
    nfe,
    'obrigatoria',
    'impostoDevol só em NF-e de devolução (finNFe=4).',
    perItem((it, d) =>
      child(it.node, 'impostoDevol') && text(d.ide, 'finNFe') !== '4'
        ? { campo: `${it.path}/impostoDevol`, encontrado: `finNFe ${text(d.ide, 'finNFe')}` }
        : null,
    ),
  ),
  mocRule(
    'UA01-20',
    '390',
    'Nota Fiscal com grupo de devolução de Tributos [nItem: nnn]',
    'UA',
    nfce,
    'obrigatoria',
    'NFC-e sem impostoDevol.',
    perItem((it) => (child(it.node, 'impostoDevol') ? { campo: `${it.path}/impostoDevol` } : null)),
  ),
];

function has(it: ItemView, tag: string): boolean {
  return text(it.icms, tag) !== undefined;
}
