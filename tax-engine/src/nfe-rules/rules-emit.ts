import { root } from './nfe-view.js';
import { has, ibgeUfCode, mocRule, when } from './rule-factory.js';
import type { Rule } from './types.js';
import { child, text } from './xml-node.js';

/**
 * Groups C (emitente) and D (avulsa) of MOC 7.0 annex I, rows read in full in a public transcription of the annex
 * (decision 072). Where a row leaves a case to the UF (C18-14 in an operação interna) that case is not judged.
 */
const idDest = (d: Parameters<Rule['verificar']>[0]) => text(d.ide, 'idDest');
const modelo65 = ['65'] as const;
const modelo55 = ['55'] as const;
const both = ['55', '65'] as const;
const munPrefix = (cMun: string | undefined, uf: string | undefined) => {
  const code = ibgeUfCode(uf);
  return cMun && code && /^\d{7}$/.test(cMun) && cMun.slice(0, 2) !== code ? code : undefined;
};

export const emitRules: Rule[] = [
  mocRule(
    'C10-20',
    '273',
    'Código Município do Emitente: difere da UF do emitente',
    'C',
    both,
    'obrigatoria',
    'As duas primeiras posições de enderEmit/cMun são o código IBGE da UF do emitente.',
    (d) => {
      const cMun = text(d.emit, 'enderEmit/cMun');
      const code = munPrefix(cMun, text(d.emit, 'enderEmit/UF'));
      return when(!!code, { campo: `${root}/emit/enderEmit/cMun`, esperado: `${code}…`, encontrado: cMun });
    },
  ),
  mocRule(
    'C17-10',
    '229',
    'IE do emitente não informada',
    'C',
    both,
    'obrigatoria',
    'IE do emitente com zeros ou nula.',
    (d) => {
      const ie = text(d.emit, 'IE');
      return when(ie !== undefined && /^0*$/.test(ie.trim()), { campo: `${root}/emit/IE`, encontrado: ie });
    },
  ),
  mocRule(
    'C17-30',
    '554',
    'IE do Emitente informada como ISENTO indevidamente',
    'C',
    both,
    'obrigatoria',
    'IE do emitente "ISENTO" só na NF-e de série 890 a 919 (avulsa): nunca na NFC-e.',
    (d) => {
      const serie = Number(text(d.ide, 'serie'));
      const bad = text(d.emit, 'IE') === 'ISENTO' && (d.modelo === '65' || !(serie >= 890 && serie <= 919));
      return when(bad, { campo: `${root}/emit/IE`, encontrado: `ISENTO, série ${text(d.ide, 'serie')}` });
    },
  ),
  mocRule(
    'C18-10',
    '718',
    'NFC-e não deve informar IE de Substituto Tributário',
    'C',
    modelo65,
    'obrigatoria',
    'NFC-e sem emit/IEST.',
    (d) => when(has(d.emit, 'IEST'), { campo: `${root}/emit/IEST`, encontrado: text(d.emit, 'IEST') }),
  ),
  mocRule(
    'C18-14',
    '347',
    'Informada IE do substituto tributário em operação que não é interestadual',
    'C',
    modelo55,
    'obrigatoria',
    'emit/IEST numa operação com o exterior (idDest=3); na operação interna a UF pode aceitá-la (exceção da regra): não julgado.',
    (d) => when(has(d.emit, 'IEST') && idDest(d) === '3', { campo: `${root}/emit/IEST`, encontrado: 'idDest 3' }),
  ),
  mocRule(
    'C18-20',
    '478',
    'Local da entrega não informado para faturamento direto de veículos novos',
    'C',
    modelo55,
    'obrigatoria',
    'Faturamento direto de veículos novos (veicProd/tpOp=2) exige entrega/UF.',
    (d) => {
      const direct = d.items.some((it) => text(it.prod, 'veicProd/tpOp') === '2');
      return when(direct && !has(d.infNFe, 'entrega/UF'), {
        campo: `${root}/entrega/UF`,
        esperado: 'UF do local de entrega',
      });
    },
  ),
  mocRule(
    'C18-40',
    '363',
    'IE do substituto tributário idêntica à IE do emitente ou do destinatário',
    'C',
    modelo55,
    'obrigatoria',
    'emit/IEST diferente da IE do emitente e da do destinatário.',
    (d) => {
      const iest = text(d.emit, 'IEST');
      const same = iest !== undefined && (iest === text(d.emit, 'IE') || iest === text(d.dest, 'IE'));
      return when(same, { campo: `${root}/emit/IEST`, encontrado: iest });
    },
  ),
  mocRule(
    'D01-10',
    '403',
    'O grupo de informações da NF-e avulsa é de uso exclusivo do Fisco',
    'D',
    both,
    'obrigatoria',
    'Grupo avulsa só com procEmi 1 ou 2 (emissão pelo Fisco).',
    (d) => {
      const procEmi = text(d.ide, 'procEmi');
      return when(!!child(d.infNFe, 'avulsa') && procEmi !== '1' && procEmi !== '2', {
        campo: `${root}/avulsa`,
        encontrado: `procEmi ${procEmi}`,
      });
    },
  ),
  mocRule(
    'D01-20',
    '369',
    'Não informado o grupo avulsa na emissão pelo Fisco',
    'D',
    both,
    'obrigatoria',
    'procEmi 1 ou 2 (emissão pelo Fisco) exige o grupo avulsa.',
    (d) => {
      const procEmi = text(d.ide, 'procEmi');
      return when((procEmi === '1' || procEmi === '2') && !child(d.infNFe, 'avulsa'), { campo: `${root}/avulsa` });
    },
  ),
];
