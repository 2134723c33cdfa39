import { cfopRow, imported, interRate, placesElsewhere, productOff } from './icms-helpers.js';
import { cents, productCheck, showCents } from './money.js';
import { cfopOf, cstOf, icmsPath } from './nfe-view.js';
import { has, mocRule, perItem } from './rule-factory.js';
import { fromNt2019001 } from './sources.js';
import type { Rule } from './types.js';
import { text } from './xml-node.js';

/**
 * Group N of MOC 7.0 annex I: ICMS figures — the interstate rate (N16-20), CST 51 arithmetic, FCP and FCP ST rates and
 * values, MVA. Products of a base and a rate use the annex's note (*4): two places, R$ 0,01 of tolerance; a figure the
 * row would count as zero when missing is not judged. Rows read in a public transcription (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;

export const icmsValueRules: Rule[] = [
  {
    ...mocRule(
      'N16-20',
      '693',
      'Alíquota de ICMS superior à definida para a operação interestadual [nItem: 999]',
      'N',
      nfe,
      'obrigatoria',
      'Saída interestadual normal de mercadoria nacional: pICMS até 7 % de S/SE (exceto ES) para N/NE/CO/ES e até 12 % nos demais casos; exceções: destinatário não contribuinte (indIEDest=9) em NF-e emitida antes de 01/07/2016, veículos novos tpOp 2 ou 3, CFOP de retorno ou anulação (Tabela CFOP), venda à ordem, entrega ou retirada em outra UF.',
      (d, ctx) => {
        const rate = interRate(d);
        const veic = d.items.some((it) => ['2', '3'].includes(text(it.prod, 'veicProd/tpOp') ?? ''));
        if (!rate || veic || placesElsewhere(d)) return [];
        // Exceção 1: "Para as NF-e com Data de Emissão anterior a 01/07/2016, a regra de validação acima não se aplica
        // para destinatário Não Contribuinte (tag:dest/indIEDest=9)."
        if (text(d.dest, 'indIEDest') === '9' && (d.emissao ?? ctx.data) < '2016-07-01') return [];
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
      if (text(d.ide, 'finNFe') !== '1' || !has(it.icms, 'vFCP') || !cst) return null;
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
  {
    // MOC 7.0 annex I, N23d-10 (model 55, NT 2016.002): "Informado a tag vFCPST (id:N23d) e finNFe=1 (id:B25), verificar:
    // - Se informado CST= 10 ou 30 ou 70 ou 90 ou CSOSN=201 ou 202 ou 203 ou 900 e vFCPST (id:N23d) difere da vBCFCPST
    // (id:N23a)* pFCPST (id:N23b) - vFCP (id:N17c) (*4) Obs.1: Campos não informados devem ser considerados como "0"
    // Obs.2: Regra de validação aplicável a critério da UF".
    ...mocRule(
      'N23d-10',
      '860',
      'Valor do FCP informado difere de base de cálculo*alíquota [nItem: 999]',
      'N',
      nfe,
      'facultativa',
      'NF-e normal, CST 10, 30, 70 ou 90 ou CSOSN 201, 202, 203 ou 900: vFCPST = vBCFCPST × pFCPST − vFCP (campos não informados valem zero), tolerância de R$ 0,01; a critério da UF.',
      perItem((it, d) => {
        const vFCPST = text(it.icms, 'vFCPST');
        if (vFCPST === undefined || text(d.ide, 'finNFe') !== '1') return null;
        const sit = text(it.icms, 'CST') ?? text(it.icms, 'CSOSN');
        if (!sit || !['10', '30', '70', '90', '201', '202', '203', '900'].includes(sit)) return null;
        const c = productCheck(
          vFCPST,
          text(it.icms, 'vBCFCPST') ?? '0',
          text(it.icms, 'pFCPST') ?? '0',
          cents(text(it.icms, 'vFCP')) ?? 0,
        );
        return c && !c.ok
          ? { campo: `${icmsPath(it)}/vFCPST`, esperado: showCents(c.expected), encontrado: vFCPST }
          : null;
      }),
    ),
    requer: ['vFCPST'],
  },
  {
    ...mocRule(
      'N18-10',
      '932',
      'Informada modalidade de determinação da BC da ST como MVA e não informado o campo pMVAST [nItem: nnn]',
      'N',
      nfe,
      'facultativa',
      'modBCST 4 (MVA) com pMVAST (regra opcional, a critério da UF).',
      perItem((it) =>
        text(it.icms, 'modBCST') === '4' && !has(it.icms, 'pMVAST') ? { campo: `${icmsPath(it)}/pMVAST` } : null,
      ),
    ),
    vigencia: fromNt2019001,
  },
  {
    ...mocRule(
      'N18-20',
      '933',
      'Informada modalidade de determinação da BC da ST diferente de MVA e informado o campo pMVAST [nItem: nnn]',
      'N',
      nfe,
      'facultativa',
      'pMVAST só com modBCST 4 (regra opcional, a critério da UF).',
      perItem((it) => {
        const mod = text(it.icms, 'modBCST');
        return mod !== undefined && mod !== '4' && has(it.icms, 'pMVAST')
          ? { campo: `${icmsPath(it)}/pMVAST`, encontrado: `modBCST ${mod}` }
          : null;
      }),
    ),
    vigencia: fromNt2019001,
  },
];
