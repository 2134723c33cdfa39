import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { NfeItemInput } from './types.js';

/**
 * Issue 21 §4: the exact provision of every kind of IPI, PIS/COFINS and DIFAL step. A reviewer reading the
 * memória must not find a wrong citation, so any change to one of these texts has to be made here on purpose.
 */
const sale = (over: Partial<NfeItemInput['operacao']> = {}): NfeItemInput['operacao'] => ({
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  ...over,
});
const citationOf = (input: NfeItemInput, campo: string, nth = 0) =>
  calculateNfeItem(input).memoria.filter((s) => s.campo === campo)[nth]?.baseLegal;
const withItem = (over: Partial<NfeItemInput['item']>, op: Partial<NfeItemInput['operacao']> = {}): NfeItemInput => ({
  operacao: sale(op),
  item: { vProd: 1000, icms: { cst: '00', pICMS: 18 }, ...over },
});

const tema69 = 'exclusão do ICMS da base: STF RE 574.706 (Tema 69)';

describe('memória citations of IPI, PIS/COFINS and DIFAL steps', () => {
  it.each([
    [
      'IPI ad valorem (domestic exit)',
      withItem({ ipi: { cst: '50', pIPI: 10 } }),
      'vIPI',
      'Decreto 7.212/2010 (RIPI), art. 189 e art. 190, II, e §1º (valor total da operação de saída, com frete, seguro e demais encargos); desconto incondicional fora da base: STF RE 567.935 (Tema 84); alíquota da TIPI (Decreto 11.158/2022)',
    ],
    [
      'IPI per unit',
      withItem({ ipi: { cst: '50', qUnid: 1, vUnid: 1 } }),
      'vIPI',
      'Lei 7.798/1989, arts. 1º e 3º (IPI em reais por unidade de medida); Decreto 7.212/2010 (RIPI), art. 209; MOC NF-e, grupo IPITrib (vIPI = qUnid × vUnid)',
    ],
    ['IPI CST 51', withItem({ ipi: { cst: '51' } }), 'vIPI', 'TIPI (Decreto 11.158/2022): alíquota zero'],
    ['IPI CST 52', withItem({ ipi: { cst: '52' } }), 'vIPI', 'Decreto 7.212/2010 (RIPI), art. 54 (isenções)'],
    [
      'IPI CST 53',
      withItem({ ipi: { cst: '53' } }),
      'vIPI',
      'Decreto 7.212/2010 (RIPI), art. 2º, parágrafo único (produto "NT" na TIPI)',
    ],
    [
      'IPI CST 54',
      withItem({ ipi: { cst: '54' } }),
      'vIPI',
      'CF, art. 150, VI, e art. 153, §3º, III; Decreto 7.212/2010 (RIPI), art. 18',
    ],
    ['IPI CST 55', withItem({ ipi: { cst: '55' } }), 'vIPI', 'Decreto 7.212/2010 (RIPI), art. 43 (suspensão)'],
    [
      'PIS non-cumulative',
      withItem({ pis: { cst: '01', pPIS: 1.65 } }),
      'vPIS',
      `Lei 10.637/2002, arts. 1º e 2º (não cumulativo, 1,65%); ${tema69}`,
    ],
    [
      'COFINS non-cumulative',
      withItem({ cofins: { cst: '01', pCOFINS: 7.6 } }),
      'vCOFINS',
      `Lei 10.833/2003, arts. 1º e 2º (não cumulativo, 7,6%); ${tema69}`,
    ],
    [
      'PIS cumulative',
      withItem({ pis: { cst: '01', pPIS: 0.65 } }),
      'vPIS',
      `Lei 9.718/1998, arts. 2º e 3º, e Lei 9.715/1998, art. 8º, I (cumulativo, 0,65%); ${tema69}`,
    ],
    [
      'COFINS cumulative',
      withItem({ cofins: { cst: '01', pCOFINS: 3 } }),
      'vCOFINS',
      `Lei 9.718/1998, arts. 2º, 3º e 8º (cumulativo, 3%); ${tema69}`,
    ],
    [
      'PIS CST 02 (alíquota diferenciada)',
      withItem({ pis: { cst: '02', pPIS: 2.1 } }),
      'vPIS',
      `alíquota diferenciada (incidência concentrada): Lei 10.147/2000, art. 1º (farmacêuticos e higiene pessoal); Lei 10.485/2002, arts. 1º e 3º (veículos e autopeças); Lei 9.718/1998, art. 4º (combustíveis); Lei 13.097/2015, arts. 14 a 36 (bebidas frias); ${tema69}`,
    ],
    [
      'PIS CST 03 (por quantidade)',
      withItem({ pis: { cst: '03', qBCProd: 1, vAliqProd: 1 } }),
      'vPIS',
      'alíquota por unidade de medida (qBCProd × vAliqProd): Lei 10.865/2004, art. 23, e Decreto 5.059/2004 (gasolina, diesel, GLP, querosene); Lei 9.718/1998, art. 5º, §4º (álcool); Lei 11.116/2005, art. 3º (biodiesel)',
    ],
    [
      'PIS CST 04',
      withItem({ pis: { cst: '04' } }),
      'vPIS',
      'Lei 10.147/2000, art. 2º; Lei 10.485/2002, art. 3º, §2º; Lei 9.718/1998, art. 4º (incidência monofásica)',
    ],
    [
      'PIS CST 05',
      withItem({ pis: { cst: '05' } }),
      'vPIS',
      'LC 70/1991, art. 3º, e Lei 9.715/1998, art. 5º (cigarros); MP 2.158-35/2001, art. 43 (motocicletas)',
    ],
    [
      'PIS CST 06',
      withItem({ pis: { cst: '06' } }),
      'vPIS',
      'Lei 10.925/2004, art. 1º; Lei 10.865/2004, art. 28 (alíquota zero)',
    ],
    ['PIS CST 07', withItem({ pis: { cst: '07' } }), 'vPIS', 'MP 2.158-35/2001, art. 14 (isenção)'],
    [
      'PIS CST 08',
      withItem({ pis: { cst: '08' } }),
      'vPIS',
      'Lei 10.637/2002, art. 5º; Lei 10.833/2003, art. 6º (não incidência)',
    ],
    [
      'PIS CST 09',
      withItem({ pis: { cst: '09' } }),
      'vPIS',
      'Lei 10.925/2004, art. 9º; Lei 10.865/2004, art. 40 (suspensão)',
    ],
    [
      'PIS CST 99, regime declared',
      withItem({ pis: { cst: '99', pPIS: 1 } }, { regimePisCofins: 'cumulativo' }),
      'vPIS',
      `Lei 9.718/1998, arts. 2º e 3º; Lei 9.715/1998; ${tema69}`,
    ],
    [
      'DIFAL base dupla',
      withItem({ icms: { cst: '00', pICMS: 7, pICMSUFDest: 20, pFCPUFDest: 2 } }, dupla()),
      'vBCUFDest',
      // LC 87, art. 13, X: "nas hipóteses dos incisos XIV e XVI do caput do art. 12 ..., o valor da operação ou o preço
      // do serviço, para o cálculo do imposto devido ao Estado de origem e ao de destino"; §7º: "a alíquota prevista
      // para a operação ou prestação interna no Estado de destino para estabelecer a base de cálculo" (decision 048).
      'LC 87/1996, art. 13, X, §1º, I, §3º e §7º (LC 190/2022): o ICMS do destino integra a base, estabelecida pela alíquota interna do destino; método informado na requisição (operacao.difal)',
    ],
    [
      'DIFAL base única',
      withItem({ icms: { cst: '00', pICMS: 7, pICMSUFDest: 20, pFCPUFDest: 2 } }, { ...dupla(), difal: 'simples' }),
      'vBCUFDest',
      'LC 87/1996, art. 13, X e §3º (LC 190/2022), base única conforme a lei da UF de destino; método informado na requisição (operacao.difal)',
    ],
    [
      'DIFAL value',
      withItem({ icms: { cst: '00', pICMS: 7, pICMSUFDest: 20, pFCPUFDest: 2 } }, dupla()),
      'vICMSUFDest',
      'CF, art. 155, §2º, VII e VIII (EC 87/2015); Convênio ICMS 236/2021, cláusula segunda',
    ],
    [
      'FCP of the destination',
      withItem({ icms: { cst: '00', pICMS: 7, pICMSUFDest: 20, pFCPUFDest: 2 } }, dupla()),
      'vFCPUFDest',
      'ADCT, art. 82, §1º (adicional de FCP na alíquota interna da UF de destino); Convênio ICMS 236/2021',
    ],
    [
      'DIFAL of a Simples Nacional seller',
      withItem({ icms: { csosn: '102', pICMSUFDest: 20, pFCPUFDest: 2 } }, { ...dupla(), crt: 1 }),
      'vICMSUFDest',
      'STF ADI 5.464 (cláusula nona do Convênio ICMS 93/2015 inconstitucional para o Simples Nacional); LC 123/2006, art. 13, §1º, XIII',
    ],
  ])('%s', (_kind, input, campo, citation) => {
    expect(citationOf(input, campo)).toBe(citation);
  });
});

function dupla(): Partial<NfeItemInput['operacao']> {
  return { ufDestino: 'BA', consumidorFinal: true, contribuinte: false, difal: 'dupla' };
}
