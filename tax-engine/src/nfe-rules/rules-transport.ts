import { isValidCnpj, isValidCpf } from './check-digits.js';
import { isValidIe } from './ie-check-digits.js';
import type { NfeView } from './nfe-view.js';
import { ide, root } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import type { Rule, RuleContext } from './types.js';
import { at, text } from './xml-node.js';

/**
 * Group X of MOC 7.0 annex I (transp): freight and carrier of an NFC-e, vehicles in interstate operations, the carrier's
 * CNPJ, CPF, UF and IE, and X16-10 from the Portal's CFOP table (indTransp). Rows read in a public transcription of the
 * annex's tables (decision 072).
 */
const both = ['55', '65'] as const;
const nfe = ['55'] as const;
const nfce = ['65'] as const;
const T = `${root}/transp`;
const present = (d: NfeView, path: string) => !!text(d.infNFe, path) || !!at(d.infNFe, path);

const nfceTransport = (id: string, codigo: string, mensagem: string, path: string) =>
  mocRule(id, codigo, mensagem, 'X', nfce, 'obrigatoria', `NFC-e sem transp/${path}.`, (d) =>
    when(present(d, `transp/${path}`), { campo: `${T}/${path}` }),
  );

export const transportRules: Rule[] = [
  mocRule(
    'X02-10',
    '753',
    'NFC-e com Frete',
    'X',
    nfce,
    'obrigatoria',
    'NFC-e com frete (modFrete diferente de 9) só na entrega a domicílio (indPres=4).',
    (d) =>
      when(text(d.infNFe, 'transp/modFrete') !== '9' && ide(d, 'indPres') !== '4', {
        campo: `${T}/modFrete`,
        encontrado: text(d.infNFe, 'transp/modFrete'),
      }),
  ),
  mocRule(
    'X02-20',
    '868',
    'Grupos Veiculo Transporte e Reboque não devem ser informados',
    'X',
    nfe,
    'obrigatoria',
    'Operação interestadual (idDest=2) sem veicTransp e reboque (não se aplica à NF-e avulsa; a extensão às internas é critério da UF).',
    (d) =>
      when(
        ide(d, 'idDest') === '2' &&
          !['1', '2'].includes(ide(d, 'procEmi') ?? '') &&
          (present(d, 'transp/veicTransp') || present(d, 'transp/reboque')),
        { campo: `${T}/veicTransp` },
      ),
  ),
  mocRule(
    'X03-10',
    '754',
    'NFC-e com dados do Transportador',
    'X',
    nfce,
    'obrigatoria',
    'NFC-e com transporta só na entrega a domicílio (indPres=4).',
    (d) => when(present(d, 'transp/transporta') && ide(d, 'indPres') !== '4', { campo: `${T}/transporta` }),
  ),
  mocRule(
    'X03-20',
    '786',
    'NFC-e de entrega a domicílio sem dados do Transportador',
    'X',
    nfce,
    'obrigatoria',
    'NFC-e de entrega a domicílio (indPres=4) com transporta.',
    (d) => when(ide(d, 'indPres') === '4' && !present(d, 'transp/transporta'), { campo: `${T}/transporta` }),
  ),
  mocRule(
    'X04-20',
    '542',
    'CNPJ do Transportador inválido',
    'X',
    both,
    'obrigatoria',
    'CNPJ do transportador com dígitos válidos.',
    (d) => {
      const v = text(d.infNFe, 'transp/transporta/CNPJ');
      return when(v !== undefined && !isValidCnpj(v), { campo: `${T}/transporta/CNPJ`, encontrado: v });
    },
  ),
  mocRule(
    'X05-10',
    '543',
    'CPF do Transportador inválido',
    'X',
    both,
    'obrigatoria',
    'CPF do transportador com dígitos válidos.',
    (d) => {
      const v = text(d.infNFe, 'transp/transporta/CPF');
      return when(v !== undefined && !isValidCpf(v), { campo: `${T}/transporta/CPF`, encontrado: v });
    },
  ),
  mocRule(
    'X07-10',
    '559',
    'UF do Transportador não informada',
    'X',
    both,
    'obrigatoria',
    'Com a IE do transportador, a UF do transportador.',
    (d) =>
      when(present(d, 'transp/transporta/IE') && !text(d.infNFe, 'transp/transporta/UF'), {
        campo: `${T}/transporta/UF`,
      }),
  ),
  mocRule(
    'X07-20',
    '544',
    'IE do Transportador inválida',
    'X',
    both,
    'obrigatoria',
    'IE do transportador diferente de "ISENTO" válida para a UF do transportador (tamanho e dígitos).',
    (d) => {
      const ie = text(d.infNFe, 'transp/transporta/IE');
      const uf = text(d.infNFe, 'transp/transporta/UF');
      return when(!!ie && ie !== 'ISENTO' && !!uf && isValidIe(ie, uf) === false, {
        campo: `${T}/transporta/IE`,
        encontrado: `${ie} (${uf})`,
      });
    },
  ),
  nfceTransport('X11-10', '755', 'NFC-e com dados de Retenção do ICMS no Transporte', 'retTransp'),
  {
    ...mocRule(
      'X16-10',
      '722',
      'CFOP de Transporte Inexistente',
      'X',
      nfe,
      'obrigatoria',
      'CFOP de retTransp existente na Tabela CFOP do Portal e de uso no grupo de retenção do ICMS de transporte (indTransp=1).',
      (d: NfeView, ctx: RuleContext) => {
        const cfop = text(d.infNFe, 'transp/retTransp/CFOP');
        if (!cfop || !ctx.tabelas?.cfop) return [];
        const row = ctx.tabelas.cfop(cfop);
        return when(!row?.indTransp, { campo: `${T}/retTransp/CFOP`, encontrado: cfop });
      },
    ),
    tabelas: ['cfop'],
  },
  nfceTransport('X18-10', '756', 'NFC-e com dados do veículo de Transporte', 'veicTransp'),
  nfceTransport('X22-10', '757', 'NFC-e com dados de Reboque do veículo de Transporte', 'reboque'),
  nfceTransport('X25a-10', '758', 'NFC-e com dados do Vagão de Transporte', 'vagao'),
  nfceTransport('X25b-10', '759', 'NFC-e com dados da Balsa de Transporte', 'balsa'),
];
