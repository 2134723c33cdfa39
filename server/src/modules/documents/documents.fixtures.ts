import { crc32, deflateRawSync } from 'node:zlib';
import { icmsUfTable, ieExample } from '@app/tax-engine';
import { computeAccessKeyCheckDigit } from './read/access-key.js';

/**
 * Test documents written to the official layouts, generated instead of committed: NF-e 4.00 (nfeProc with
 * protNFe; infNFe versao="4.00"; det/prod and det/imposto groups as in the MOC 4.00 annex I), SPED EFD ICMS/IPI
 * (registers 0000, 0001, 0150, 0190, 0200, C001, C100, C170, C190, C990, 9999 of the Guia Prático) and ZIPs.
 */
export interface FixtureItem {
  code: string;
  description: string;
  gtin?: string;
  ncm: string;
  cest?: string;
  cfop: string;
  vProd: string;
  cBenef?: string;
  icms: {
    /** The CST, or the CSOSN (3 digits) of a Simples Nacional issuer. */
    cst: string;
    /** Goods origin (NF-e orig, 0 national … 8); 0 when absent. */
    orig?: string;
    /** Base reduction (CST 20/70): vBC is then vProd × (1 − pRedBC). */
    pRedBC?: string;
    /** The base when it is not vProd (freight, reduction). */
    vBC?: string;
    pICMS?: string;
    vICMS?: string;
    pMVAST?: string;
    pICMSST?: string;
    vBCST?: string;
    vICMSST?: string;
  };
  /** vBC: the base the issuer chose (with or without the ICMS, Tema 69); vProd when absent. */
  pis?: { cst: string; pPIS: string; vPIS: string; vBC?: string };
  cofins?: { cst: string; pCOFINS: string; vCOFINS: string; vBC?: string };
  /** The IBS/CBS group; with values, gIBSCBS as NT 2025.002 lays it out (vBC, gIBSUF, gIBSMun, vIBS, gCBS). */
  ibscbs?: {
    cst: string;
    cClassTrib?: string;
    values?: {
      vBC: string;
      pIBSUF: string;
      vIBSUF: string;
      pIBSMun: string;
      vIBSMun: string;
      pCBS: string;
      vCBS: string;
      /** A rate reduction (cClassTrib with pRedAliq): gRed with pRedAliq and pAliqEfet in each sphere (UB28-10). */
      pRedAliq?: string;
    };
  };
  /** ICMSUFDest: DIFAL of a sale to a non-taxpayer in another state (NT 2015.003 layout). */
  difal?: { pFCPUFDest: string; pICMSUFDest: string; pICMSInter: string; vFCPUFDest: string; vICMSUFDest: string };
}

export interface FixtureNfe {
  issuerCnpj: string;
  issuerUf: string;
  recipientCnpj: string;
  recipientUf: string;
  number: number;
  date?: string;
  tpNF?: '0' | '1';
  mod?: '55' | '65';
  /** Regime of the issuer (emit/CRT): 1 Simples Nacional, 3 regime normal (default). */
  crt?: '1' | '2' | '3' | '4';
  /** Purpose (ide/finNFe): 1 normal (default), 4 return. */
  finNFe?: '1' | '4';
  items: FixtureItem[];
  /** The recipient is a consumer (CPF, not an ICMS taxpayer: indIEDest 9, indFinal 1) instead of a company. */
  consumerCpf?: string;
  /** Breaks the access key's check digit. */
  badCheckDigit?: boolean;
  /** ICMSTot/vNF other than the items' sum (a total SEFAZ rejects, W16-10). */
  vNF?: string;
  withProtocol?: boolean;
}

export function buildAccessKey(n: Pick<FixtureNfe, 'issuerCnpj' | 'issuerUf' | 'number' | 'date' | 'mod'>): string {
  const date = n.date ?? '2026-03-10';
  const first43 = [
    String(icmsUfTable[n.issuerUf as keyof typeof icmsUfTable].ibgeCode),
    date.slice(2, 4) + date.slice(5, 7),
    n.issuerCnpj,
    n.mod ?? '55',
    '001',
    String(n.number).padStart(9, '0'),
    '1',
    String(10_000_000 + (n.number % 89_999_999)).padStart(8, '0'),
  ].join('');
  return first43 + computeAccessKeyCheckDigit(first43);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function icmsGroup(i: FixtureItem): string {
  const c = i.icms;
  const st = c.vICMSST
    ? `<modBCST>4</modBCST><pMVAST>${c.pMVAST ?? '0.00'}</pMVAST><vBCST>${c.vBCST ?? '0.00'}</vBCST><pICMSST>${c.pICMSST ?? '0.00'}</pICMSST><vICMSST>${c.vICMSST}</vICMSST>`
    : '';
  const red = c.pRedBC ? `<pRedBC>${c.pRedBC}</pRedBC>` : '';
  const own = c.pICMS
    ? `<modBC>3</modBC>${red}<vBC>${c.vBC ?? i.vProd}</vBC><pICMS>${c.pICMS}</pICMS><vICMS>${c.vICMS ?? '0.00'}</vICMS>`
    : '';
  // A CSOSN (Simples Nacional) goes in its ICMSSNxxx group (ICMSSN101 for 101, ICMSSN102 for 102–400, …).
  if (c.cst.length === 3) {
    const group = ['102', '103', '300', '400'].includes(c.cst) ? '102' : c.cst;
    return `<ICMS><ICMSSN${group}><orig>${c.orig ?? 0}</orig><CSOSN>${c.cst}</CSOSN>${own}${st}</ICMSSN${group}></ICMS>`;
  }
  const tag = c.cst === '41' || c.cst === '50' ? '40' : c.cst;
  return `<ICMS><ICMS${tag}><orig>${c.orig ?? 0}</orig><CST>${c.cst}</CST>${own}${st}</ICMS${tag}></ICMS>`;
}

function detXml(i: FixtureItem, n: number): string {
  const gtin = i.gtin ?? 'SEM GTIN';
  const pis = i.pis
    ? `<PIS><PISAliq><CST>${i.pis.cst}</CST><vBC>${i.pis.vBC ?? i.vProd}</vBC><pPIS>${i.pis.pPIS}</pPIS><vPIS>${i.pis.vPIS}</vPIS></PISAliq></PIS>`
    : '<PIS><PISNT><CST>07</CST></PISNT></PIS>';
  const cofins = i.cofins
    ? `<COFINS><COFINSAliq><CST>${i.cofins.cst}</CST><vBC>${i.cofins.vBC ?? i.vProd}</vBC><pCOFINS>${i.cofins.pCOFINS}</pCOFINS><vCOFINS>${i.cofins.vCOFINS}</vCOFINS></COFINSAliq></COFINS>`
    : '<COFINS><COFINSNT><CST>07</CST></COFINSNT></COFINS>';
  const v = i.ibscbs?.values;
  // NT 2025.002: a reduced rate is told by gRed (pRedAliq, pAliqEfet = rate × (1 − pRedAliq/100), 4 places).
  const red = (rate: string) =>
    v?.pRedAliq
      ? `<gRed><pRedAliq>${v.pRedAliq}</pRedAliq><pAliqEfet>${((Number(rate) * (100 - Number(v.pRedAliq))) / 100).toFixed(4)}</pAliqEfet></gRed>`
      : '';
  const gIbsCbs = v
    ? `<gIBSCBS><vBC>${v.vBC}</vBC><gIBSUF><pIBSUF>${v.pIBSUF}</pIBSUF>${red(v.pIBSUF)}<vIBSUF>${v.vIBSUF}</vIBSUF></gIBSUF>` +
      `<gIBSMun><pIBSMun>${v.pIBSMun}</pIBSMun>${red(v.pIBSMun)}<vIBSMun>${v.vIBSMun}</vIBSMun></gIBSMun>` +
      `<vIBS>${(Number(v.vIBSUF) + Number(v.vIBSMun)).toFixed(2)}</vIBS><gCBS><pCBS>${v.pCBS}</pCBS>${red(v.pCBS)}<vCBS>${v.vCBS}</vCBS></gCBS></gIBSCBS>`
    : '';
  const ibscbs = i.ibscbs
    ? `<IBSCBS><CST>${i.ibscbs.cst}</CST>${i.ibscbs.cClassTrib ? `<cClassTrib>${i.ibscbs.cClassTrib}</cClassTrib>` : ''}${gIbsCbs}</IBSCBS>`
    : '';
  const d = i.difal;
  const difal = d
    ? `<ICMSUFDest><vBCUFDest>${i.vProd}</vBCUFDest><vBCFCPUFDest>${i.vProd}</vBCFCPUFDest><pFCPUFDest>${d.pFCPUFDest}</pFCPUFDest>` +
      `<pICMSUFDest>${d.pICMSUFDest}</pICMSUFDest><pICMSInter>${d.pICMSInter}</pICMSInter><pICMSInterPart>100.00</pICMSInterPart>` +
      `<vFCPUFDest>${d.vFCPUFDest}</vFCPUFDest><vICMSUFDest>${d.vICMSUFDest}</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>`
    : '';
  return (
    `<det nItem="${n}"><prod><cProd>${esc(i.code)}</cProd><cEAN>${gtin}</cEAN><xProd>${esc(i.description)}</xProd>` +
    `<NCM>${i.ncm}</NCM>${i.cest ? `<CEST>${i.cest}</CEST>` : ''}${i.cBenef ? `<cBenef>${i.cBenef}</cBenef>` : ''}` +
    `<CFOP>${i.cfop}</CFOP><uCom>UN</uCom><qCom>1.0000</qCom><vUnCom>${i.vProd}</vUnCom><vProd>${i.vProd}</vProd>` +
    `<cEANTrib>${gtin}</cEANTrib><uTrib>UN</uTrib><qTrib>1.0000</qTrib><vUnTrib>${i.vProd}</vUnTrib><indTot>1</indTot></prod>` +
    `<imposto>${icmsGroup(i)}${pis}${cofins}${difal}${ibscbs}</imposto></det>`
  );
}

/** IBSCBSTot and vNFTot when items carry the IBS/CBS group (NT 2025.002, W34-20 and W60-05): sums of the items. */
function ibsCbsTotal(items: FixtureItem[], vNF: string): string {
  if (!items.some((i) => i.ibscbs)) return '';
  const withValues = items.flatMap((i) => (i.ibscbs?.values ? [i.ibscbs.values] : []));
  const sum = (f: (v: (typeof withValues)[number]) => string) =>
    (withValues.reduce((s, v) => s + Math.round(Number(f(v)) * 100), 0) / 100).toFixed(2);
  const uf = sum((v) => v.vIBSUF);
  const mun = sum((v) => v.vIBSMun);
  return (
    `<IBSCBSTot><vBCIBSCBS>${sum((v) => v.vBC)}</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib>` +
    `<vIBSUF>${uf}</vIBSUF></gIBSUF><gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>${mun}</vIBSMun></gIBSMun>` +
    `<vIBS>${((Math.round(Number(uf) * 100) + Math.round(Number(mun) * 100)) / 100).toFixed(2)}</vIBS></gIBS>` +
    `<gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>${sum((v) => v.vCBS)}</vCBS></gCBS></IBSCBSTot>` +
    `<vNFTot>${vNF}</vNFTot>`
  );
}

/**
 * A município of the UF: its IBGE code starts with the UF's code (MOC 7.0 annex I, B12-20, C10-20 and E10-20 reject
 * cMunFG, emit's and dest's cMun of another UF). São Paulo and Rio de Janeiro keep their capitals' codes.
 */
const municipioOf = (uf: string) =>
  uf === 'SP'
    ? '3550308'
    : uf === 'RJ'
      ? '3304557'
      : `${icmsUfTable[uf as keyof typeof icmsUfTable]?.ibgeCode ?? 35}00001`;

/** A devolução has no payment (MOC 7.0 annex I, YA02-04: tPag 90, and YA03-30: vPag zero). */
const payment = (n: FixtureNfe, total: string) =>
  n.finNFe === '4' ? '<tPag>90</tPag><vPag>0.00</vPag>' : `<tPag>01</tPag><vPag>${total}</vPag>`;

export function buildNfeXml(n: FixtureNfe): string {
  let chave = buildAccessKey(n);
  if (n.badCheckDigit) chave = chave.slice(0, 43) + ((Number(chave[43]) + 1) % 10);
  const date = n.date ?? '2026-03-10';
  const total = n.items.reduce((s, i) => s + Number(i.vProd), 0).toFixed(2);
  const nfe =
    `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe${chave}">` +
    `<ide><cUF>${chave.slice(0, 2)}</cUF><cNF>${chave.slice(35, 43)}</cNF><natOp>VENDA</natOp><mod>${n.mod ?? '55'}</mod><serie>1</serie>` +
    `<nNF>${n.number}</nNF><dhEmi>${date}T10:00:00-03:00</dhEmi><tpNF>${n.tpNF ?? '1'}</tpNF>` +
    `<idDest>${n.issuerUf === n.recipientUf ? 1 : 2}</idDest><cMunFG>${municipioOf(n.issuerUf)}</cMunFG><tpImp>${n.mod === '65' ? 4 : 1}</tpImp><tpEmis>1</tpEmis>` +
    `<cDV>${chave[43]}</cDV><tpAmb>1</tpAmb><finNFe>${n.finNFe ?? '1'}</finNFe><indFinal>${n.consumerCpf ? 1 : 0}</indFinal><indPres>1</indPres><procEmi>0</procEmi><verProc>1.0</verProc></ide>` +
    `<emit><CNPJ>${n.issuerCnpj}</CNPJ><xNome>EMITENTE LTDA</xNome><enderEmit><xLgr>RUA A</xLgr><nro>1</nro><xBairro>CENTRO</xBairro>` +
    `<cMun>${municipioOf(n.issuerUf)}</cMun><xMun>SAO PAULO</xMun><UF>${n.issuerUf}</UF></enderEmit><IE>${ieExample(n.issuerUf)}</IE><CRT>${n.crt ?? '3'}</CRT></emit>` +
    (n.consumerCpf
      ? `<dest><CPF>${n.consumerCpf}</CPF><xNome>CONSUMIDOR</xNome>`
      : `<dest><CNPJ>${n.recipientCnpj}</CNPJ><xNome>DESTINATARIO LTDA</xNome>`) +
    `<enderDest><xLgr>RUA B</xLgr><nro>2</nro><xBairro>CENTRO</xBairro><cMun>${municipioOf(n.recipientUf)}</cMun><xMun>CIDADE</xMun>` +
    `<UF>${n.recipientUf}</UF></enderDest>` +
    (n.consumerCpf
      ? '<indIEDest>9</indIEDest></dest>'
      : `<indIEDest>1</indIEDest><IE>${ieExample(n.recipientUf)}</IE></dest>`) +
    n.items.map((i, k) => detXml(i, k + 1)).join('') +
    `<total><ICMSTot><vProd>${total}</vProd><vNF>${n.vNF ?? total}</vNF></ICMSTot>${ibsCbsTotal(n.items, total)}</total>` +
    `<transp><modFrete>9</modFrete></transp><pag><detPag>${payment(n, total)}</detPag></pag></infNFe></NFe>`;
  if (n.withProtocol === false) return `<?xml version="1.0" encoding="UTF-8"?>${nfe}`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">${nfe}` +
    `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009</verAplic><chNFe>${chave}</chNFe>` +
    `<dhRecbto>${date}T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><digVal>AAAA</digVal><cStat>100</cStat>` +
    '<xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>'
  );
}

export interface FixtureEfd {
  cnpj: string;
  uf: string;
  participants: { code: string; cnpj: string; ibgeMun: string }[];
  products: { code: string; description: string; gtin?: string; ncm: string; cest?: string }[];
  documents: {
    sale: boolean;
    participant: string;
    number: number;
    chave?: string;
    items: { code: string; cst: string; cfop: string; vItem: string; pICMS: string; vICMS: string; vICMSST?: string }[];
  }[];
}

const br = (v: string) => v.replace('.', ',');
/** PIS/COFINS of the fixtures: value × rate, to the cent (cents are exact for the values used). */
const pct = (v: string, rate: number) => ((Math.round(Number(v) * 100) * rate) / 10_000).toFixed(2);

/** An EFD ICMS/IPI file (Guia Prático, leiaute 019): pipes, comma decimals, DDMMAAAA dates. */
export function buildEfd(e: FixtureEfd): string {
  const lines = [
    `|0000|019|0|01032026|31032026|EMPRESA LTDA|${e.cnpj}||${e.uf}|111111111111|3550308|||A|1|`,
    '|0001|0|',
    ...e.participants.map((p) => `|0150|${p.code}|PARTICIPANTE ${p.code}|01058|${p.cnpj}|||${p.ibgeMun}||RUA|1|||`),
    '|0190|UN|UNIDADE|',
    ...e.products.map(
      (p) =>
        `|0200|${p.code}|${p.description}|${p.gtin ?? ''}||UN|00|${p.ncm}||${p.ncm.slice(0, 2)}||18,00|${p.cest ?? ''}|`,
    ),
    '|C001|0|',
  ];
  for (const d of e.documents) {
    const total = d.items.reduce((s, i) => s + Number(i.vItem), 0).toFixed(2);
    lines.push(
      `|C100|${d.sale ? 1 : 0}|${d.sale ? 0 : 1}|${d.participant}|55|00|1|${d.number}|${d.chave ?? ''}|10032026|10032026|${br(total)}|0|0,00|0,00|${br(total)}|9|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|0,00|`,
    );
    d.items.forEach((i, k) => {
      // PIS/COFINS base without the ICMS (Lei 14.592/2023, art. 6º; STF Tema 69), as the engine computes it.
      const base = (Number(i.vItem) - Number(i.vICMS)).toFixed(2);
      lines.push(
        `|C170|${k + 1}|${i.code}||1,00000|UN|${br(i.vItem)}|0,00|0|${i.cst}|${i.cfop}||${br(i.vItem)}|${br(i.pICMS)}|${br(i.vICMS)}|0,00|0,00|${br(i.vICMSST ?? '0.00')}|0|||0,00|0,00|0,00|01|${br(base)}|1,6500|||${br(pct(base, 1.65))}|01|${br(base)}|7,6000|||${br(pct(base, 7.6))}||0,00|`,
      );
    });
    lines.push(
      `|C190|${d.items[0]?.cst ?? '000'}|${d.items[0]?.cfop ?? '5102'}|18,00|${br(total)}|0,00|0,00|0,00|0,00|0,00|0,00||`,
    );
  }
  lines.push('|C990|0|', '|9999|0|');
  return `${lines.join('\r\n')}\r\n`;
}

/** A ZIP (deflated entries; ZIP64 end records past 65,535 entries) of the given files. */
export function buildZip(files: { name: string; data: Buffer | string; store?: boolean }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const data = Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data);
    const packed = f.store ? data : deflateRawSync(data);
    const name = Buffer.from(f.name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(f.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(f.store ? 0 : 8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(packed.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    parts.push(local, name, packed);
    central.push(c, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(central);
  const zip64 = files.length > 0xfffe;
  const tail: Buffer[] = [];
  if (zip64) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4);
    rec.writeUInt16LE(45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(files.length), 24);
    rec.writeBigUInt64LE(BigInt(files.length), 32);
    rec.writeBigUInt64LE(BigInt(cd.length), 40);
    rec.writeBigUInt64LE(BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    loc.writeUInt32LE(1, 16);
    tail.push(rec, loc);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : files.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, ...tail, end]);
}
