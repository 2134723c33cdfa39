import { isValidCpf } from './check-digits.js';
import { type NfeView, root } from './nfe-view.js';
import { mocRule, when } from './rule-factory.js';
import type { Rule } from './types.js';
import { text } from './xml-node.js';

/**
 * Group C of MOC 7.0 annex I: the emitente's CNPJ or CPF against the série (C02-30, C02a-04, C02a-10) and the CPF's
 * check digits (C02a-20), rows read in a public markdown transcription of §4.2.1, with NT 2021.002's exception for the
 * NFF (tpEmis 3: the série no longer tells CNPJ from CPF) read in a public transcription of that NT (§4, group C). The
 * NT lists the exception on the CPF rows; C02-30 is skipped on an NFF too — a missed rejection rather than a wrong one.
 * C02a-08 and C02a-14 are "opcional a critério da UF" (which UF is not published): applied and marked facultativa,
 * with the same NFF exception as the other CPF rows.
 */
const serieOf = (d: NfeView) => Number(text(d.ide, 'serie'));
const nff = (d: NfeView) => text(d.ide, 'tpEmis') === '3';
const E = `${root}/emit`;

export const emitterIdRules: Rule[] = [
  mocRule(
    'C02-30',
    '503',
    'CNPJ do emitente com Série incompatível',
    'C',
    ['55', '65'],
    'obrigatoria',
    'Emitente com CNPJ usa série de 000 a 909 (exceto NFF, tpEmis=3).',
    (d) => {
      const s = serieOf(d);
      const bad = text(d.emit, 'CNPJ') !== undefined && !nff(d) && Number.isInteger(s) && s > 909;
      return when(bad, { campo: `${root}/ide/serie`, esperado: '000 a 909', encontrado: text(d.ide, 'serie') });
    },
  ),
  mocRule(
    'C02a-04',
    '337',
    'NFC-e para emitente pessoa física',
    'C',
    ['65'],
    'obrigatoria',
    'NFC-e sem emitente CPF (exceto NFF, tpEmis=3).',
    (d) => when(text(d.emit, 'CPF') !== undefined && !nff(d), { campo: `${E}/CPF`, encontrado: text(d.emit, 'CPF') }),
  ),
  mocRule(
    'C02a-10',
    '495',
    'CPF do Emitente com Série incompatível',
    'C',
    ['55'],
    'obrigatoria',
    'Emitente com CPF usa série de 890 a 899 ou de 910 a 969 (exceto NFF, tpEmis=3).',
    (d) => {
      const s = serieOf(d);
      const ok = (s >= 890 && s <= 899) || (s >= 910 && s <= 969);
      const bad = text(d.emit, 'CPF') !== undefined && !nff(d) && Number.isInteger(s) && !ok;
      return when(bad, {
        campo: `${root}/ide/serie`,
        esperado: '890–899 ou 910–969',
        encontrado: text(d.ide, 'serie'),
      });
    },
  ),
  mocRule(
    'C02a-08',
    '652',
    'NF-e para emitente pessoa física',
    'C',
    ['55'],
    'facultativa',
    'NF-e sem emitente CPF (exceto NFF, tpEmis=3); regra opcional, a critério da UF.',
    (d) => when(text(d.emit, 'CPF') !== undefined && !nff(d), { campo: `${E}/CPF`, encontrado: text(d.emit, 'CPF') }),
  ),
  mocRule(
    'C02a-14',
    '407',
    'CPF do Emitente somente no serviço de Nota Fiscal Avulsa no site do Fisco',
    'C',
    ['55'],
    'facultativa',
    'Emitente com CPF usa série de 890 a 899 ou de 910 a 919 (NF-e avulsa no site da UF; exceto NFF, tpEmis=3).',
    (d) => {
      if (text(d.emit, 'CPF') === undefined || nff(d)) return [];
      const s = serieOf(d);
      const ok = (s >= 890 && s <= 899) || (s >= 910 && s <= 919);
      return when(Number.isInteger(s) && !ok, {
        campo: `${root}/ide/serie`,
        esperado: '890–899 ou 910–919',
        encontrado: text(d.ide, 'serie'),
      });
    },
  ),
  mocRule(
    'C02a-20',
    '401',
    'CPF do emitente inválido',
    'C',
    ['55'],
    'obrigatoria',
    'CPF do emitente sem zeros, dígitos repetidos ou dígito verificador inválido.',
    (d) => {
      const cpf = text(d.emit, 'CPF');
      return when(cpf !== undefined && !isValidCpf(cpf), { campo: `${E}/CPF`, encontrado: cpf });
    },
  ),
];
