import { root } from './nfe-view.js';
import { has, ibgeUfCode, mocRule, when } from './rule-factory.js';
import { fromNt2019001 } from './sources.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Group E (destinatário) of MOC 7.0 annex I, rows read in full in a public transcription of the annex (decision 072).
 */
const idDest = (d: Parameters<Rule['verificar']>[0]) => text(d.ide, 'idDest');
const modelo65 = ['65'] as const;
const modelo55 = ['55'] as const;
const both = ['55', '65'] as const;
const E = `${root}/dest`;

const munPrefix = (cMun: string | undefined, uf: string | undefined) => {
  const code = ibgeUfCode(uf);
  return cMun && code && /^\d{7}$/.test(cMun) && cMun.slice(0, 2) !== code ? code : undefined;
};

export const destRules: Rule[] = [
  mocRule(
    'E01-20',
    '787',
    'NFC-e de entrega a domicílio sem a identificação do destinatário',
    'E',
    modelo65,
    'obrigatoria',
    'NFC-e com entrega a domicílio (indPres=4) identifica o destinatário.',
    (d) => when(text(d.ide, 'indPres') === '4' && !d.dest, { campo: E }),
  ),
  mocRule(
    'E03a-10',
    '720',
    'Na operação com Exterior deve ser informada tag idEstrangeiro',
    'E',
    modelo55,
    'obrigatoria',
    'Operação com o exterior (idDest=3): dest/idEstrangeiro presente (pode ser vazio).',
    (d) =>
      when(idDest(d) === '3' && !!d.dest && !child(d.dest, 'idEstrangeiro'), {
        campo: `${E}/idEstrangeiro`,
        encontrado: text(d.dest, 'CNPJ') ?? text(d.dest, 'CPF'),
      }),
  ),
  mocRule(
    'E03a-20',
    '721',
    'Informado idEstrangeiro e Operação não é com consumidor final.',
    'E',
    modelo55,
    'obrigatoria',
    'Fora da operação com o exterior, idEstrangeiro só com consumidor final (indFinal=1).',
    (d) =>
      when(idDest(d) !== '3' && !!child(d.dest, 'idEstrangeiro') && text(d.ide, 'indFinal') !== '1', {
        campo: `${E}/idEstrangeiro`,
        encontrado: `indFinal ${text(d.ide, 'indFinal')}`,
      }),
  ),
  mocRule(
    'E03a-60',
    '372',
    'Destinatário com identificação de estrangeiro com caracteres inválidos',
    'E',
    both,
    'obrigatoria',
    'idEstrangeiro só com algarismos, letras e os caracteres : . + - / ( ) e espaço.',
    (d) => {
      const id = text(d.dest, 'idEstrangeiro') ?? '';
      return when(/[^0-9A-Za-z:.+\-/() ]/.test(id), { campo: `${E}/idEstrangeiro`, encontrado: id });
    },
  ),
  mocRule(
    'E04-10',
    '724',
    'NF-e sem o nome do destinatário',
    'E',
    modelo55,
    'obrigatoria',
    'dest/xNome informado.',
    (d) => when(!!d.dest && !text(d.dest, 'xNome')?.trim(), { campo: `${E}/xNome` }),
  ),
  mocRule(
    'E05-10',
    '726',
    'NF-e sem a informação de endereço do destinatário',
    'E',
    modelo55,
    'obrigatoria',
    'dest/enderDest informado.',
    (d) => when(!!d.dest && !child(d.dest, 'enderDest'), { campo: `${E}/enderDest` }),
  ),
  mocRule(
    'E05-20',
    '788',
    'NFC-e de entrega a domicílio sem o endereço do destinatário',
    'E',
    modelo65,
    'obrigatoria',
    'NFC-e com entrega a domicílio (indPres=4) informa dest/enderDest.',
    (d) => when(text(d.ide, 'indPres') === '4' && !!d.dest && !child(d.dest, 'enderDest'), { campo: `${E}/enderDest` }),
  ),
  mocRule(
    'E10-20',
    '275',
    'Código Município do Destinatário: difere da UF do Destinatário',
    'E',
    both,
    'obrigatoria',
    'Endereço no Brasil: as duas primeiras posições de enderDest/cMun são o código IBGE da UF do destinatário.',
    (d) => {
      const cMun = text(d.dest, 'enderDest/cMun');
      const code = munPrefix(cMun, text(d.dest, 'enderDest/UF'));
      return when(!!code, { campo: `${E}/enderDest/cMun`, esperado: `${code}…`, encontrado: cMun });
    },
  ),
  mocRule(
    'E10-30',
    '509',
    'Informado código de município diferente de “9999999” para operação com o exterior',
    'E',
    modelo55,
    'obrigatoria',
    'Destinatário com UF "EX": cMun 9999999.',
    (d) => {
      const cMun = text(d.dest, 'enderDest/cMun');
      return when(text(d.dest, 'enderDest/UF') === 'EX' && cMun !== '9999999', {
        campo: `${E}/enderDest/cMun`,
        esperado: '9999999',
        encontrado: cMun,
      });
    },
  ),
  mocRule(
    'E14-10',
    '510',
    'Operação com Exterior e Código País destinatário é 1058 (Brasil) ou não informado',
    'E',
    modelo55,
    'facultativa',
    'Operação com o exterior (idDest=3): cPais do destinatário informado e diferente de 1058.',
    (d) => {
      const cPais = text(d.dest, 'enderDest/cPais');
      return when(idDest(d) === '3' && !!d.dest && (cPais === undefined || Number(cPais) === 1058), {
        campo: `${E}/enderDest/cPais`,
        encontrado: cPais ?? 'não informado',
      });
    },
  ),
  mocRule(
    'E14-20',
    '511',
    'Não é de Operação com Exterior e Código País destinatário difere de 1058 (Brasil)',
    'E',
    both,
    'facultativa',
    'Fora da operação com o exterior, cPais informado é 1058, salvo destinatário com idEstrangeiro não nulo (exceção).',
    (d) => {
      const cPais = text(d.dest, 'enderDest/cPais');
      const foreign = !!text(d.dest, 'idEstrangeiro')?.trim();
      return when(idDest(d) !== '3' && cPais !== undefined && Number(cPais) !== 1058 && !foreign, {
        campo: `${E}/enderDest/cPais`,
        esperado: '1058',
        encontrado: cPais,
      });
    },
  ),
  {
    ...mocRule(
      'E14-30',
      '926',
      'Operação com Exterior e país de destino igual a Brasil.',
      'E',
      both,
      'obrigatoria',
      'Destinatário com UF "EX": cPais diferente de 1058.',
      (d) => {
        const cPais = text(d.dest, 'enderDest/cPais');
        return when(text(d.dest, 'enderDest/UF') === 'EX' && cPais !== undefined && Number(cPais) === 1058, {
          campo: `${E}/enderDest/cPais`,
          encontrado: cPais,
        });
      },
    ),
    vigencia: fromNt2019001,
  },
  mocRule(
    'E16a-10',
    '789',
    'NFC-e para destinatário contribuinte de ICMS',
    'E',
    modelo65,
    'obrigatoria',
    'NFC-e: destinatário, quando informado, não contribuinte (indIEDest=9).',
    (d) => {
      const ind = text(d.dest, 'indIEDest');
      return when(ind !== undefined && ind !== '9', { campo: `${E}/indIEDest`, esperado: '9', encontrado: ind });
    },
  ),
  {
    ...mocRule(
      'E16a-40',
      '696',
      'Operação com não contribuinte deve indicar operação com consumidor final',
      'E',
      modelo55,
      'obrigatoria',
      'Saída (tpNF=1) que não é com o exterior para não contribuinte (indIEDest=9) tem indFinal=1.',
      (d) =>
        when(
          text(d.dest, 'indIEDest') === '9' &&
            text(d.ide, 'indFinal') !== '1' &&
            text(d.ide, 'tpNF') === '1' &&
            idDest(d) !== '3',
          { campo: `${root}/ide/indFinal`, esperado: '1', encontrado: text(d.ide, 'indFinal') },
        ),
    ),
    vigencia: fromNt2019001,
  },
  mocRule(
    'E17-10',
    '729',
    'NFC-e com informação da IE do destinatário',
    'E',
    modelo65,
    'obrigatoria',
    'NFC-e de operação com o exterior (idDest=3) sem dest/IE.',
    (d) => when(idDest(d) === '3' && has(d.dest, 'IE'), { campo: `${E}/IE`, encontrado: text(d.dest, 'IE') }),
  ),
  mocRule(
    'E17-20',
    '728',
    'NF-e sem informação da IE do destinatário',
    'E',
    modelo55,
    'obrigatoria',
    'Destinatário contribuinte (indIEDest=1) com dest/IE.',
    (d) =>
      when(text(d.dest, 'indIEDest') === '1' && !text(d.dest, 'IE'), { campo: `${E}/IE`, encontrado: 'indIEDest 1' }),
  ),
  mocRule('E18-10', '730', 'NFC-e com Inscrição Suframa', 'E', modelo65, 'obrigatoria', 'NFC-e sem dest/ISUF.', (d) =>
    when(has(d.dest, 'ISUF'), { campo: `${E}/ISUF`, encontrado: text(d.dest, 'ISUF') }),
  ),
];
