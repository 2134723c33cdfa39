import { cfopRow, imported, interRate, placesElsewhere, productOff } from './icms-helpers.js';
import { cfopOf, taxGroup } from './nfe-view.js';
import { mocRule, perItem } from './rule-factory.js';
import { NOT_PETROLEUM_ANP } from './rules-cfop.js';
import { prodFrom2016 } from './sources.js';
import type { Rule } from './types.js';
import { text } from './xml-node.js';

const nfe = ['55'] as const;
const nfce = ['65'] as const;

export const icmsDestRules: Rule[] = [
  mocRule(
    'NA01-10',
    '807',
    'NFC-e com grupo de ICMS para a UF do destinatário',
    'NA',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo ICMSUFDest.',
    perItem((it) => (taxGroup(it, 'ICMSUFDest') ? { campo: `${it.path}/imposto/ICMSUFDest` } : null)),
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
        if (!taxGroup(it, 'ICMSUFDest')) return null;
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
          !!taxGroup(it, 'ISSQN') ||
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
        const p = text(taxGroup(it, 'ICMSUFDest'), 'pICMSInter');
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
        const p = text(taxGroup(it, 'ICMSUFDest'), 'pICMSInter');
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
          const p = text(taxGroup(it, 'ICMSUFDest'), 'pICMSInter');
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
        const g = taxGroup(it, 'ICMSUFDest');
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
];
