/**
 * The demo catalogues by trade (issue 13): what a supermarket, a drugstore, an auto-parts shop and a building
 * materials store really sell, with the NCM and CEST each item has in the official tables, and the tax
 * treatment a Brazilian analyst expects of it. Demonstration data: plausible, not tax advice.
 *
 * pis: 'normal' (non-cumulative 1,65 % / 7,60 %), 'zero' (alíquota zero: cesta básica, Leis 10.925/2004 and
 * 12.839/2013, CST 06), 'mono' (monofásico: the manufacturer paid it, resale at zero, CST 04 — medicines,
 * hygiene, beverages, auto parts, tyres). st: ICMS-ST charged earlier in the chain (CST 60 on resale) with
 * the MVA (IVA) given.
 */
export type Trade = 'supermarket' | 'pharmacy' | 'autoParts' | 'building';

export interface DemoItem {
  name: string;
  ncm: string;
  cest: string | null;
  pis: 'normal' | 'zero' | 'mono';
  /** MVA (%) when the item is under ICMS-ST; absent when it is not. */
  mva?: number;
  sizes: string[];
}

const item = (name: string, ncm: string, cest: string | null, pis: DemoItem['pis'], sizes: string[], mva?: number) =>
  ({ name, ncm, cest, pis, sizes, mva }) satisfies DemoItem;

export const demoTrades: Record<Trade, DemoItem[]> = {
  supermarket: [
    item('ARROZ BRANCO TIPO 1', '10063021', null, 'zero', ['1KG', '5KG']),
    item('FEIJAO CARIOCA TIPO 1', '07133319', null, 'zero', ['1KG']),
    item('ACUCAR REFINADO', '17019900', '1709900', 'zero', ['1KG', '5KG'], 32),
    item('CAFE TORRADO E MOIDO', '09012100', null, 'zero', ['250G', '500G']),
    item('OLEO DE SOJA REFINADO', '15079011', '1706500', 'zero', ['900ML'], 25),
    item('LEITE UHT INTEGRAL', '04012010', '1701600', 'zero', ['1L', 'CX 12X1L'], 30),
    item('MACARRAO ESPAGUETE COM OVOS', '19021900', '1704900', 'zero', ['500G'], 30),
    item('BISCOITO CREAM CRACKER', '19053100', '1705300', 'normal', ['200G', '400G'], 40),
    item('MAIONESE TRADICIONAL', '21039011', '1703900', 'normal', ['500G'], 40),
    item('CERVEJA PILSEN LATA', '22030000', '0302100', 'mono', ['350ML', 'PACK 12X350ML'], 70),
    item('REFRIGERANTE DE COLA', '22021000', '0301100', 'mono', ['2L', '350ML'], 40),
    item('AGUA MINERAL SEM GAS', '22011000', '0300100', 'mono', ['500ML', '1,5L'], 50),
    item('VINHO TINTO SECO', '22042100', '0202400', 'normal', ['750ML'], 30),
    item('DETERGENTE LIQUIDO NEUTRO', '34025000', '1100700', 'normal', ['500ML'], 40),
    item('AGUA SANITARIA', '28289011', '1100100', 'normal', ['1L', '2L'], 50),
    item('DESINFETANTE LAVANDA', '38089419', '1100100', 'normal', ['2L'], 50),
    item('PAPEL HIGIENICO FOLHA DUPLA', '48181000', '2004300', 'zero', ['PCT 12 ROLOS'], 35),
    item('CREME DENTAL', '33061000', '2002300', 'zero', ['90G'], 35),
    item('SABONETE EM BARRA', '34011190', '2003400', 'zero', ['85G'], 35),
  ],
  pharmacy: [
    item('DIPIRONA SODICA 500MG', '30049069', '1300200', 'mono', ['10 COMPRIMIDOS'], 33),
    item('PARACETAMOL 750MG', '30049045', '1300200', 'mono', ['20 COMPRIMIDOS'], 33),
    item('IBUPROFENO 400MG', '30049099', '1300100', 'mono', ['10 CAPSULAS'], 33),
    item('AMOXICILINA 500MG', '30042099', '1300200', 'mono', ['21 CAPSULAS'], 33),
    item('SHAMPOO ANTICASPA', '33051000', '2001700', 'mono', ['200ML'], 45),
    item('CONDICIONADOR', '33059000', '2002100', 'mono', ['200ML'], 45),
    item('CREME HIDRATANTE CORPORAL', '33049910', '2001400', 'mono', ['200ML'], 45),
    item('CREME DENTAL', '33061000', '2002300', 'zero', ['90G'], 35),
    item('FRALDA INFANTIL', '96190000', '2004800', 'normal', ['PACOTE M', 'PACOTE G'], 40),
    item('SABONETE EM BARRA', '34011190', '2003400', 'zero', ['85G'], 35),
  ],
  autoParts: [
    item('FILTRO DE OLEO', '84212300', '0103700', 'mono', ['UN'], 71.78),
    item('FILTRO DE AR DO MOTOR', '84213100', '0104100', 'mono', ['UN'], 71.78),
    item('PASTILHA DE FREIO DIANTEIRA', '87083090', '0107500', 'mono', ['JOGO'], 71.78),
    item('AMORTECEDOR DIANTEIRO', '87088000', '0107500', 'mono', ['UN'], 71.78),
    item('VELA DE IGNICAO', '85111000', '0105400', 'mono', ['UN', 'JOGO 4UN'], 71.78),
    item('BATERIA AUTOMOTIVA 60AH', '85071010', '0105300', 'mono', ['UN'], 71.78),
    item('OLEO LUBRIFICANTE 5W30 SINTETICO', '27101932', '0600700', 'normal', ['1L'], 61.31),
    item('PNEU ARO 14 175/70', '40111000', '1600100', 'mono', ['UN'], 42),
  ],
  building: [
    item('CIMENTO CP II', '25232910', '0500100', 'normal', ['SACO 50KG'], 20),
    item('TINTA ACRILICA BRANCA', '32091010', '2400100', 'normal', ['GALAO 3,6L', 'LATA 18L'], 35),
    item('TUBO PVC ESGOTO 100MM', '39172300', '1000600', 'normal', ['BARRA 6M'], 37),
    item('PARAFUSO SEXTAVADO ZINCADO', '73181500', '1005800', 'normal', ['CX 100UN'], 37),
    item('TELHA DE CONCRETO', '68101900', '1002200', 'normal', ['UN'], 30),
  ],
};

/** The trade a demo company's catalogue follows, from its name. */
export function tradeOf(nomeFantasia: string): Trade {
  const name = nomeFantasia.toUpperCase();
  if (name.includes('FARMA')) return 'pharmacy';
  if (name.includes('AUTO')) return 'autoParts';
  if (name.includes('MATERIA')) return 'building';
  return 'supermarket';
}

export const DEMO_BRANDS = ['BOA SAFRA', 'SOL NASCENTE', 'VALE VERDE', 'PRIMOR', 'CANTAREIRA', 'PAMPA', 'SERRANA'];

/** Every distinct NCM of the demo trades with its CEST, PIS/COFINS treatment and MVA. */
export function demoRuleItems(): DemoItem[] {
  const byNcm = new Map<string, DemoItem>();
  for (const items of Object.values(demoTrades)) for (const i of items) if (!byNcm.has(i.ncm)) byNcm.set(i.ncm, i);
  return [...byNcm.values()];
}
