import { ide, root } from './nfe-view.js';
import { mocRule, perItem, when } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * The closing groups of MOC 7.0 annex I not covered elsewhere: export (ZA), purchase (ZB), cane (ZC) and the item groups
 * an NFC-e does not carry (J, L, LB) or that ask for a companion group (K, LA). Rows read in full in a public markdown
 * transcription of the annex's tables (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;
/** LA11-10's exceção 1: the fuels (ethanol, CNG, gasoline C, diesel B) whose sale to the consumer carries encerrante. */
const withMeter = new Set([
  '810101002',
  '810101001',
  '220101005',
  '220101006',
  '320103001',
  '320102002',
  '320102001',
  '320102003',
  '820101033',
  '820101034',
  '420106001',
  '820101011',
  '820101003',
  '820101013',
  '820101012',
  '420106002',
  '420301004',
]);

export const closingRules: Rule[] = [
  mocRule(
    'ZA01-10',
    '355',
    'Informar o local de saída do Pais no caso da exportação',
    'ZA',
    nfe,
    'obrigatoria',
    'Exportação (tpNF=1, idDest=3) com o grupo exporta.',
    (d) =>
      when(ide(d, 'tpNF') === '1' && ide(d, 'idDest') === '3' && !child(d.infNFe, 'exporta'), {
        campo: `${root}/exporta`,
      }),
  ),
  mocRule(
    'ZA01-20',
    '356',
    'Informar o local de saída do Pais somente no caso da exportação',
    'ZA',
    nfe,
    'obrigatoria',
    'Grupo exporta só na exportação (tpNF=1 e idDest=3).',
    (d) =>
      when(!!child(d.infNFe, 'exporta') && (ide(d, 'tpNF') === '0' || ide(d, 'idDest') !== '3'), {
        campo: `${root}/exporta`,
      }),
  ),
  mocRule(
    'ZA01-30',
    '814',
    'Nota Fiscal com grupo de comércio exterior',
    'ZA',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo exporta.',
    (d) => when(!!child(d.infNFe, 'exporta'), { campo: `${root}/exporta` }),
  ),
  mocRule(
    'ZB01-10',
    '762',
    'NFC-e com dados de compras (Empenho, Pedido, Contrato)',
    'ZB',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo compra.',
    (d) => when(!!child(d.infNFe, 'compra'), { campo: `${root}/compra` }),
  ),
  mocRule(
    'ZB02-10',
    '359',
    'NF-e de venda a Órgão Público sem informar a Nota de Empenho',
    'ZB',
    nfe,
    'facultativa',
    'Desoneração por venda a órgão público (motDesICMS=8) com compra/xNEmp (regra opcional, a critério da UF).',
    (d) =>
      when(d.items.some((it) => text(it.icms, 'motDesICMS') === '8') && !text(d.infNFe, 'compra/xNEmp'), {
        campo: `${root}/compra/xNEmp`,
      }),
  ),
  mocRule(
    'ZC01-10',
    '763',
    'NFC-e com dados de aquisição de Cana',
    'ZC',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo cana.',
    (d) => when(!!child(d.infNFe, 'cana'), { campo: `${root}/cana` }),
  ),
  mocRule(
    'J01-10',
    '736',
    'NFC-e com grupo de Veículos novos',
    'J',
    nfce,
    'obrigatoria',
    'NFC-e sem veicProd.',
    perItem((it) => (child(it.prod, 'veicProd') ? { campo: `${it.path}/prod/veicProd` } : null)),
  ),
  mocRule(
    'K01-20',
    '873',
    'Operação com medicamentos e não informado os campos de rastreabilidade [nItem: 999]',
    'K',
    nfe,
    'obrigatoria',
    'Item com o grupo med informa o grupo rastro.',
    perItem((it) => (child(it.prod, 'med') && !child(it.prod, 'rastro') ? { campo: `${it.path}/prod/rastro` } : null)),
  ),
  mocRule(
    'L01-10',
    '738',
    'NFC-e com grupo de Armamentos',
    'L',
    nfce,
    'obrigatoria',
    'NFC-e sem o grupo arma.',
    perItem((it) => (child(it.prod, 'arma') ? { campo: `${it.path}/prod/arma` } : null)),
  ),
  mocRule(
    'LA03c-10',
    '461',
    'Informado campos de percentual de GLP e/ou GLGNn e/ou GLGNi para produto diferente de GLP [nItem: 999]',
    'LA',
    both,
    'obrigatoria',
    'pGLP, pGNn e pGNi só para o GLP (cProdANP 210203001).',
    perItem((it) => {
      const comb = child(it.prod, 'comb');
      const pct = ['pGLP', 'pGNn', 'pGNi'].some((t) => text(comb, t) !== undefined);
      return comb && pct && text(comb, 'cProdANP') !== '210203001'
        ? { campo: `${it.path}/prod/comb/pGLP`, encontrado: text(comb, 'cProdANP') }
        : null;
    }),
  ),
  mocRule(
    'LA03c-20',
    '855',
    'Somatório percentuais de GLP derivado do petróleo, GLGNn e GLGNi diferente de 100 [nItem: 999].',
    'LA',
    both,
    'obrigatoria',
    'GLP (cProdANP 210203001): pGLP + pGNn + pGNi = 100.',
    perItem((it) => {
      const comb = child(it.prod, 'comb');
      if (text(comb, 'cProdANP') !== '210203001') return null;
      const sum = ['pGLP', 'pGNn', 'pGNi'].reduce((s, t) => s + Math.round(Number(text(comb, t) ?? 0) * 1e4), 0);
      return sum === 100e4
        ? null
        : { campo: `${it.path}/prod/comb/pGLP`, esperado: '100', encontrado: (sum / 1e4).toFixed(4) };
    }),
  ),
  mocRule(
    'LA03d-10',
    '856',
    'Campo valor de partida não preenchido para produto GLP [nItem: 999].',
    'LA',
    nfe,
    'obrigatoria',
    'GLP (cProdANP 210203001) informa vPart.',
    perItem((it) =>
      text(it.prod, 'comb/cProdANP') === '210203001' && text(it.prod, 'comb/vPart') === undefined
        ? { campo: `${it.path}/prod/comb/vPart` }
        : null,
    ),
  ),
  // LA11-10, "Facul.": the row's exceção 1 limits it to the listed cProdANP and its exceção 2 to documents issued from
  // 01/01/2016 in production; the rule itself is the UF's option (observação).
  {
    ...mocRule(
      'LA11-10',
      '378',
      'Grupo de Combustível sem a informação de Encerrante [nItem: nnn]',
      'LA',
      nfce,
      'facultativa',
      'NFC-e: combustível vendido na bomba (cProdANP da exceção 1 da regra) informa o grupo encerrante; a critério da UF.',
      perItem((it) => {
        const comb = child(it.prod, 'comb');
        return comb && withMeter.has(text(comb, 'cProdANP') ?? '') && !child(comb, 'encerrante')
          ? { campo: `${it.path}/prod/comb/encerrante`, encontrado: text(comb, 'cProdANP') }
          : null;
      }),
    ),
    vigencia: { producao: { desde: '2016-01-01' }, homologacao: { desde: null } },
  },
  mocRule(
    'LA11-20',
    '379',
    'Grupo de Encerrante na NF-e (modelo 55) para CFOP diferente de venda de combustível para consumidor final [nItem:nnn]',
    'LA',
    nfe,
    'obrigatoria',
    'encerrante só com CFOP 5.656 ou 5.667.',
    perItem((it) =>
      child(child(it.prod, 'comb'), 'encerrante') && !['5656', '5667'].includes(text(it.prod, 'CFOP') ?? '')
        ? { campo: `${it.path}/prod/comb/encerrante`, encontrado: text(it.prod, 'CFOP') }
        : null,
    ),
  ),
  mocRule(
    'LA16-10',
    '380',
    'Valor do Encerrante final não é superior ao Encerrante inicial',
    'LA',
    both,
    'obrigatoria',
    'encerrante/vEncFin maior que vEncIni.',
    perItem((it) => {
      const enc = child(child(it.prod, 'comb'), 'encerrante');
      const ini = Number(text(enc, 'vEncIni'));
      const fin = Number(text(enc, 'vEncFin'));
      return enc && Number.isFinite(ini) && Number.isFinite(fin) && !(fin > ini)
        ? {
            campo: `${it.path}/prod/comb/encerrante/vEncFin`,
            esperado: `> ${text(enc, 'vEncIni')}`,
            encontrado: text(enc, 'vEncFin'),
          }
        : null;
    }),
  ),
  mocRule(
    'LB01-10',
    '348',
    'NFC-e com grupo RECOPI',
    'LB',
    nfce,
    'obrigatoria',
    'NFC-e sem nRECOPI.',
    perItem((it) => (child(it.prod, 'nRECOPI') ? { campo: `${it.path}/prod/nRECOPI` } : null)),
  ),
];
