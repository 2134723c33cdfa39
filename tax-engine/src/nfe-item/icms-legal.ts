import type { Uf } from '../uf.js';

/**
 * The provision that governs each ICMS step of the memória, in one place so a test can pin every
 * citation (issue 21 §4). Layout references (MOC 7.0, NT) say where the field is defined; the law
 * says why the figure is what it is.
 */
export const icmsLegal = {
  ownBase: 'LC 87/1996, art. 13, I e §1º (valor da operação, com frete, seguro e demais importâncias)',
  ownBaseIpi:
    'LC 87/1996, art. 13, §2º (o IPI integra a base quando a operação não é entre contribuintes para industrialização ou comercialização)',
  ownBaseReduced:
    'LC 87/1996, art. 13; redução da base concedida por convênio (LC 24/1975) e pela legislação da UF de origem',
  ownBasePauta: 'LC 87/1996, art. 13 c/c art. 8º, §6º (pauta/preço médio ponderado: vPauta × qTrib)',
  ownBaseTabelado: 'LC 87/1996, art. 8º, §2º (preço final a consumidor fixado por órgão público: vPMC × qTrib)',
  ownTax:
    'Alíquota interna da lei estadual (CF, art. 155, §2º, VI) ou interestadual da Resolução do Senado 22/1989 (13/2012 para importados)',
  fcp: 'ADCT, art. 82, §1º (adicional de até 2 pontos para o FCP); NT 2016.002 (vBCFCP/pFCP/vFCP)',
  // Conv. 142/2018, cláusula décima primeira: the ST base uses "a Margem de Valor Agregado (MVA) estabelecida
  // na unidade federada de destino ou prevista em convênio e protocolo" (decision 048, where it was read).
  stBaseMva:
    'LC 87/1996, art. 8º, II, "c" e §4º (margem de valor agregado); Convênio ICMS 142/2018, cláusula décima primeira (MVA estabelecida na UF de destino ou prevista em convênio e protocolo)',
  stBasePauta: 'LC 87/1996, art. 8º, §6º (preço a consumidor usualmente praticado / PMPF: vPauta × qTrib)',
  stBaseTabelado:
    'LC 87/1996, art. 8º, §§2º e 3º (preço final fixado por órgão público ou sugerido pelo fabricante: vPMC × qTrib)',
  stBaseOperacao: 'LC 87/1996, art. 8º, II, "a" e "b"; MOC NF-e, modBCST 6 = valor da operação (NT 2019.001)',
  // Conv. 142/2018 neither states the formula nor uses the term "MVA ajustada": the formula lives in each
  // product agreement and in the destination state's law (text read in Conv. ICMS 104/2008, which wrote it
  // into Conv. ICMS 74/1994, cláusula terceira, §1º; decision 048).
  mvaAdjusted:
    'MVA ajustada = [(1 + MVA-ST original) × (1 − ALQ inter) / (1 − ALQ intra)] − 1, fórmula do convênio ou protocolo da mercadoria e da legislação da UF de destino (ex.: Convênio ICMS 74/1994, cláusula terceira, §1º, na redação do Convênio ICMS 104/2008); o Convênio ICMS 142/2018, cláusula décima primeira, remete à MVA desses acordos',
  // Conv. 35/2011, cláusula primeira, caput and parágrafo único (text read): the Simples substitute "não aplicará
  // 'MVA ajustada'" and uses the "MVA ST original". Conv. 142/2018 repeats the rule ("será aplicada a MVA
  // prevista para as operações internas"); its clause/paragraph was not read in the official text, so none is cited.
  mvaSimples:
    'Convênio ICMS 35/2011, cláusula primeira, caput e parágrafo único (remetente optante pelo Simples Nacional não aplica a "MVA ajustada"; usa a "MVA ST original"); regra repetida no Convênio ICMS 142/2018 (MVA prevista para as operações internas)',
  stTax:
    'LC 87/1996, art. 8º, §5º (ICMS-ST = base da ST × alíquota interna − ICMS da operação própria); vICMSST sem o FCP-ST (NT 2016.002)',
  stTaxSimples:
    'LC 123/2006, art. 13, §1º, XIII, "a" e §6º (ICMS próprio deduzido pela alíquota aplicável aos demais contribuintes)',
  fcpSt: 'ADCT, art. 82, §1º; NT 2016.002, campos N23a–N23d (vBCFCPST, pFCPST, vFCPST)',
  simplesCredit:
    'LC 123/2006, art. 23, §§1º e 2º (crédito do adquirente = alíquota do Simples do vendedor × valor da operação)',
  stRetained:
    'LC 87/1996, art. 8º, §5º (imposto retido na operação anterior); NT 2016.002 (vBCSTRet, pST com o FCP, vICMSSubstituto, vICMSSTRet)',
  fcpStRetained: 'ADCT, art. 82, §1º; NT 2016.002, campos N27a–N27c (vBCFCPSTRet, pFCPSTRet, vFCPSTRet)',
  effective:
    'NT 2016.002 (grupo do ICMS efetivo, N34–N37) e legislação da UF de destino que o exige na venda a consumidor final',
  mono: 'LC 192/2022, arts. 3º e 6º (ICMS monofásico ad rem); Convênios ICMS 199/2022 (diesel, biodiesel, GLP) e 15/2023 (gasolina e EAC); NT 2023.001',
  monoRetention:
    'LC 192/2022, art. 4º (responsável pela retenção); Convênios ICMS 199/2022 e 15/2023; NT 2023.001 (grupo ICMS15)',
  monoDeferred:
    'Convênios ICMS 199/2022 e 15/2023 (diferimento do biocombustível misturado: biodiesel no diesel B, EAC na gasolina C); NT 2023.001 (grupo ICMS53)',
  monoChargedBefore:
    'LC 192/2022, art. 3º; Convênios ICMS 199/2022 e 15/2023 (imposto cobrado anteriormente); NT 2023.001 (grupo ICMS61)',
  relief: 'MOC NF-e, campo vICMSDeson e motDesICMS (NT 2023.004); valor do benefício pela legislação da UF de origem',
} as const;

/**
 * Deferral (diferimento) is granted by each state's law and RICMS, not by LC 87/1996 (whose art. 7º
 * is about the moment of the taxable event): the RICMS chapter of the origin state is cited.
 */
// What was read for each row is in decision 048: TO (RICMS and Lei 1.287/2001 text read) and RS (amending
// decree quoting Livro III, arts. 1º to 2º) are checked; BA art. 286 only through an amending decree's
// paragraph; SP arts. 348 ff. were not found in any text reachable here and stay as first written.
const deferralByUf: Partial<Record<Uf, string>> = {
  SP: 'RICMS-SP (Decreto 45.490/2000), arts. 348 e seguintes (diferimento)',
  RS: 'RICMS-RS (Decreto 37.699/1997), Livro III, arts. 1º e seguintes e Apêndice II (diferimento)',
  BA: 'RICMS-BA (Decreto 13.780/2012), arts. 286 e seguintes (diferimento)',
  TO: 'RICMS-TO (Decreto 2.912/2006), art. 6º-A (diferimento), com base na Lei 1.287/2001, art. 7º, II e §5º',
};

export function deferralLegal(uf: Uf): string {
  const rule = deferralByUf[uf] ?? `RICMS de ${uf} (diferimento previsto na legislação estadual)`;
  return `${rule}; MOC NF-e, grupo ICMS51 (vICMSOp, pDif, vICMSDif)`;
}
