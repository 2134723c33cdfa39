import { taxGroup } from './nfe-view.js';
import { mocRule, nfceGroup, perItem, when } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Groups O (IPI), P (II), R and T (PIS-ST, COFINS-ST), U (ISSQN) and UA (impostoDevol) of MOC 7.0 annex I: the groups an
 * NFC-e does not carry, the IPI's CST against its cEnq, the ISSQN's municipal registration, the tax refund of a return.
 * Rows read in a public transcription of the annex (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;

export const taxGroupRules: Rule[] = [
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
        const ipi = taxGroup(it, 'IPI');
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
    (d) => when(d.items.some((it) => taxGroup(it, 'ISSQN')) && !child(d.emit, 'IM'), { campo: 'NFe/infNFe/emit/IM' }),
  ),
  // U01-20, "Facul.": ISSQN in some item and no ICMS group in any; the row leaves to the UF whether a document of
  // services only is accepted (its parameters 0, 1, 2), which the facultative marking stands for.
  mocRule(
    'U01-20',
    '592',
    'A NF-e deve ter pelo menos um item de produto sujeito ao ICMS.',
    'U',
    both,
    'facultativa',
    'Com grupo ISSQN, pelo menos um item com o grupo ICMS; a critério da UF.',
    (d) => {
      let service: string | undefined; // the first item with ISSQN
      for (const it of d.items) {
        if (taxGroup(it, 'ICMS')) return [];
        if (service === undefined && taxGroup(it, 'ISSQN')) service = it.path;
      }
      return service === undefined ? [] : [{ campo: `${service}/imposto/ICMS` }];
    },
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
