import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { el, nodeToXml, type SampleItem, type SampleNfe, sampleNfe, type XNode } from '@app/tax-engine';
import { referenceDataDir } from '../../reference/loaders/reference-files.js';
import { placeholderSignature, type SchemaPackage, validateSchema } from '../nfe-schema.js';
import { DSIG_NAMESPACE as DSIG_NS, NFE_NAMESPACE as NFE_NS } from '../nfe-xml-scan.js';

/**
 * Seeds and mutants for the differential test of the XSD fast path (fast-check.ts) against libxml2: valid NF-e of
 * varied shapes built from the engine's sample, and deterministic edits of them that break (or keep) their validity
 * in every way an XML can: structure, names, values, attributes, namespaces, markup, the declaration. libxml2 judges
 * each one; the fast path may only say "valid" where libxml2 does.
 */

export interface Seed {
  name: string;
  pkg: SchemaPackage;
  /** The XML as the service receives it (unsigned seeds have no Signature). */
  xml: string;
}

/** The XML as libxml2 sees it: the placeholder signature spliced in before the last </NFe> when unsigned. The
 * service splices where its tree's NFe ends (spliceAt); on the seeds, which hold no "</NFe>" after it, that is the
 * same place. The service test (fast-check.diff.test.ts) uses the service's own splice. */
export function asChecked(xml: string): string {
  const end = xml.lastIndexOf('</NFe>');
  if (end < 0) return xml;
  const tail = xml.slice(Math.max(0, end - 40), end).trimEnd();
  if (/Signature\/?>$/.test(tail)) return xml;
  return xml.slice(0, end) + placeholderSignature + xml.slice(end);
}

/** libxml2's verdict: valid when it reports no error; malformed XML (or any throw) is invalid. */
export function libxmlVerdict(xml: string, pkg: SchemaPackage): { valid: boolean; why: string } {
  try {
    const errors = validateSchema(xml, pkg, 3);
    return { valid: errors.length === 0, why: errors.map((e) => `${e.campo}: ${e.mensagem}`).join(' | ') };
  } catch (e) {
    return { valid: false, why: `${(e as Error).name}: ${(e as Error).message}`.slice(0, 300) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Seeds
// ---------------------------------------------------------------------------------------------------------------

const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const emitente = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;
const contribuinteSp = { cnpj: '11444777000161', uf: 'SP', contribuinte: true };
const full: SampleItem = {
  vProd: '1000.00',
  icms: { cst: '00', pICMS: '18' },
  ipi: { pIPI: '10' },
  pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
  ibscbs: { cst: '000', cClassTrib: '000001' },
};
const noIbs = (items: SampleItem[]) => items.map(({ ibscbs: _, ...it }) => it);

/**
 * 50 items of the shapes an ERP sends: full ICMS, ST, reduced base, IPI, PIS/COFINS, IBS/CBS full, reduced, deferred
 * (also the validate bench's NF-e, bench/lib/nfe-sample.ts).
 */
export const fiftyItems: SampleItem[] = Array.from({ length: 50 }, (_, i) => ({
  vProd: `${(37.5 * (i + 1)).toFixed(2)}`,
  vDesc: i % 7 === 0 ? '1.50' : undefined,
  icms:
    i % 5 === 1
      ? { cst: '10', pICMS: '18', st: { pMVAST: '40', pICMSST: '18' } }
      : i % 5 === 2
        ? { cst: '20', pICMS: '18', pRedBC: '33.33' }
        : { cst: '00', pICMS: '18' },
  ipi: i % 3 === 0 ? { pIPI: '5' } : undefined,
  pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
  ibscbs:
    i % 4 === 1
      ? { cst: '200', cClassTrib: '200034', pRedAliq: '60' }
      : i % 4 === 2
        ? { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '100' }
        : { cst: '000', cClassTrib: '000001' },
}));

const cstItems: SampleItem[] = [
  { vProd: '100.00', icms: { cst: '40' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
  { vProd: '100.00', icms: { cst: '41' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
  { vProd: '100.00', icms: { cst: '50' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
  { vProd: '100.00', icms: { cst: '60' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
  {
    vProd: '200.00',
    icms: { cst: '70', pICMS: '18', pRedBC: '10', st: { pMVAST: '30', pICMSST: '18' } },
    ibscbs: { cst: '000', cClassTrib: '000001' },
  },
  { vProd: '300.00', icms: { cst: '90', pICMS: '12' }, ibscbs: { cst: '000', cClassTrib: '000001' } },
];
const csosnItems: SampleItem[] = ['101', '102', '103', '300', '400', '500', '900'].map((csosn, i) => ({
  vProd: `${10 * (i + 1)}.00`,
  icms: { csosn },
}));

const find = (n: XNode, name: string): XNode => {
  const hit = n.children.find((c) => c.name === name);
  if (!hit) throw new Error(`seed: no ${name} under ${n.name}`);
  return hit;
};
const infNFe = (t: XNode) => find(t, 'infNFe');
/** Inserts `node` into `parent` right after the child named `after`. */
const insertAfter = (parent: XNode, after: string, node: XNode) => {
  const at = parent.children.findIndex((c) => c.name === after);
  parent.children.splice(at + 1, 0, node);
};

/** A pretty-printed XML of the tree (indent and line ends as ERPs write them). */
function pretty(n: XNode, eol: string, unit: string, depth = 0): string {
  const pad = unit.repeat(depth);
  const attrs = Object.entries(n.attrs)
    .map(([k, v]) => ` ${k}="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  if (n.children.length === 0)
    return `${pad}${nodeToXml({ ...n, attrs: {} }).replace(/^<[^>]*>/, `<${n.name}${attrs}>`)}`;
  const inner = n.children.map((c) => pretty(c, eol, unit, depth + 1)).join(eol);
  return `${pad}<${n.name}${attrs}>${eol}${inner}${eol}${pad}</${n.name}>`;
}

const protNFe = (key: string) =>
  `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe>` +
  `<dhRecbto>2026-10-10T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><digVal>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</digVal>` +
  '<cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>';

/** A signature as signers write it: ds: prefixed or default-namespaced, base64 broken in lines. */
const realSignature = (prefix: '' | 'ds:', eol: '' | '\n') => {
  const p = prefix;
  const ns = prefix ? `xmlns:ds="${DSIG_NS}"` : `xmlns="${DSIG_NS}"`;
  const b64 = `${'MIIH'.repeat(19)}${eol}${'QUJD'.repeat(19)}${eol}${'REVG'.repeat(9)}RE0=`;
  return (
    `<${p}Signature ${ns}><${p}SignedInfo><${p}CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>` +
    `<${p}SignatureMethod Algorithm="${DSIG_NS}rsa-sha1"/><${p}Reference URI="#NFe35261011222333000181550010000000011100000013">` +
    `<${p}Transforms><${p}Transform Algorithm="${DSIG_NS}enveloped-signature"/><${p}Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></${p}Transforms>` +
    `<${p}DigestMethod Algorithm="${DSIG_NS}sha1"/><${p}DigestValue>q7dJ3bVKc6yV7Yt0J2b0a8jX2s0=</${p}DigestValue></${p}Reference></${p}SignedInfo>` +
    `<${p}SignatureValue>${b64}</${p}SignatureValue><${p}KeyInfo><${p}X509Data><${p}X509Certificate>${b64}</${p}X509Certificate>` +
    `</${p}X509Data></${p}KeyInfo></${p}Signature>`
  );
};

const keyOf = (t: XNode) => infNFe(t).attrs.Id!.slice(3);
const qrCodeSupl = (key: string) =>
  el('infNFeSupl', [
    el('qrCode', `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${key}|2|1|1|${'0A1B2C3D4E'.repeat(4)}`),
    el('urlChave', 'https://www.nfce.fazenda.sp.gov.br/consulta'),
  ]);

/** Extra optional groups in their layout places: xFant, xCpl, fone, email, xPed, infAdProd, infAdic. */
function optionalGroups(t: XNode): void {
  const inf = infNFe(t);
  const emit = find(inf, 'emit');
  insertAfter(emit, 'xNome', el('xFant', 'LOJA CENTRAL'));
  insertAfter(find(emit, 'enderEmit'), 'nro', el('xCpl', 'SALA 12'));
  find(emit, 'enderEmit').children.push(el('fone', '1133334444'));
  find(inf, 'dest').children.push(el('email', 'compras@destinatario.com.br'));
  const det = find(inf, 'det');
  find(det, 'prod').children.push(el('xPed', 'PED-778'), el('nItemPed', '1'));
  insertAfter(det, 'imposto', el('infAdProd', 'LOTE 42 VALIDADE 12/2027'));
  insertAfter(inf, 'pag', el('infAdic', [el('infCpl', 'PEDIDO 778; ENTREGA EM HORARIO COMERCIAL')]));
}

/** Many optional groups of the layout in their places: references, delivery, carrier and volumes, bills, FCI and
 * batch, additional information, purchase, technical contact, card payment. */
function richGroups(t: XNode): void {
  const inf = infNFe(t);
  const ide = find(inf, 'ide');
  insertAfter(ide, 'dhEmi', el('dhSaiEnt', '2026-10-10T11:00:00-03:00'));
  ide.children.push(
    el('NFref', [
      el(
        'refNFe',
        infNFe(t)
          .attrs.Id!.slice(3)
          .replace(/^(.{25})./, '$19'),
      ),
    ]),
  );
  insertAfter(inf, 'dest', el('autXML', [el('CPF', '52998224725')]));
  insertAfter(
    inf,
    'dest',
    el('entrega', [
      el('CNPJ', '11444777000161'),
      el('xNome', 'DEPOSITO'),
      el('xLgr', 'RUA B'),
      el('nro', 'S/N'),
      el('xBairro', 'DISTRITO'),
      el('cMun', '3550308'),
      el('xMun', 'SAO PAULO'),
      el('UF', 'SP'),
      el('CEP', '01002000'),
    ]),
  );
  const prod = find(find(inf, 'det'), 'prod');
  insertAfter(prod, 'NCM', el('CEST', '0300100'));
  prod.children.push(
    el('nFCI', '0E60E620-9A5F-49AE-9664-4C23577FF693'),
    el('rastro', [el('nLote', 'L-42'), el('qLote', '10.000'), el('dFab', '2026-01-05'), el('dVal', '2027-12-31')]),
  );
  const transp = find(inf, 'transp');
  find(transp, 'modFrete').text = '0';
  transp.children.push(
    el('transporta', [
      el('CNPJ', '11222333000181'),
      el('xNome', 'TRANSPORTES LTDA'),
      el('IE', '110042490114'),
      el('xEnder', 'RODOVIA 1, KM 2'),
      el('xMun', 'SAO PAULO'),
      el('UF', 'SP'),
    ]),
    el('vol', [
      el('qVol', '2'),
      el('esp', 'CAIXA'),
      el('marca', 'MARCA'),
      el('nVol', '1/2'),
      el('pesoL', '10.500'),
      el('pesoB', '11.000'),
      el('lacres', [el('nLacre', 'LAC-1')]),
    ]),
  );
  insertAfter(
    inf,
    'transp',
    el('cobr', [
      el('fat', [el('nFat', '778'), el('vOrig', '10.00'), el('vDesc', '0.00'), el('vLiq', '10.00')]),
      el('dup', [el('nDup', '001'), el('dVenc', '2026-11-10'), el('vDup', '10.00')]),
    ]),
  );
  const pag = find(inf, 'pag');
  pag.children.unshift(
    el('detPag', [
      el('indPag', '0'),
      el('tPag', '03'),
      el('vPag', '1.00'),
      el('card', [el('tpIntegra', '2'), el('CNPJ', '11222333000181'), el('tBand', '01'), el('cAut', 'A1B2C3')]),
    ]),
  );
  pag.children.push(el('vTroco', '0.00'));
  const tail = [
    el('infAdic', [
      el('infAdFisco', 'FISCO'),
      el('infCpl', 'OBS'),
      el('obsCont', [el('xTexto', 'TEXTO')], { xCampo: 'CAMPO' }),
    ]),
    el('compra', [el('xPed', 'PED-1'), el('xCont', 'CONTRATO 9')]),
    el('infRespTec', [
      el('CNPJ', '11222333000181'),
      el('xContato', 'SUPORTE'),
      el('email', 'suporte@plataforma.com.br'),
      el('fone', '1133334444'),
    ]),
  ];
  inf.children.splice(inf.children.indexOf(pag) + 1, 0, ...tail);
}

interface SeedSpec {
  name: string;
  nfe: SampleNfe;
  edit?: (t: XNode) => void;
  /** How the document is written around the NFe tree (default: declaration + compact NFe, unsigned). */
  write?: (t: XNode) => string;
}

const compact = (t: XNode) => DECL + nodeToXml(t);
const signed = (prefix: '' | 'ds:', eol: '' | '\n') => (t: XNode) =>
  DECL + nodeToXml(t).replace(/<\/NFe>$/, `${realSignature(prefix, eol)}</NFe>`);
const proc = (t: XNode) =>
  `${DECL}<nfeProc versao="4.00" xmlns="${NFE_NS}">${nodeToXml(t).replace(/<\/NFe>$/, `${placeholderSignature}</NFe>`)}${protNFe(keyOf(t))}</nfeProc>`;
const prettyOf = (eol: string, unit: string) => (t: XNode) => `${DECL}${eol}${pretty(t, eol, unit)}${eol}`;

function specs(date: string, ibs: boolean): SeedSpec[] {
  const items = (list: SampleItem[]) => (ibs ? list : noIbs(list));
  const base: SampleNfe = { emitente, destinatario: contribuinteSp, data: date, items: items([full]) };
  const list: SeedSpec[] = [
    { name: 'icms00-ipi-piscofins', nfe: base },
    {
      name: 'st-interstate',
      nfe: {
        ...base,
        destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
        items: items([
          { ...full, vProd: '300.00', icms: { cst: '10', pICMS: '12', st: { pMVAST: '40', pICMSST: '20' } } },
        ]),
      },
    },
    {
      name: 'difal-consumer',
      nfe: {
        ...base,
        destinatario: { cpf: '52998224725', uf: 'BA', contribuinte: false },
        items: items([
          {
            vProd: '500.00',
            icms: { cst: '00', pICMS: '7' },
            difal: { pICMSUFDest: '20.5', pICMSInter: '7', pFCPUFDest: '0' },
            ibscbs: full.ibscbs,
          },
        ]),
      },
      write: prettyOf('\r\n', '\t'),
    },
    { name: 'simples-csosn', nfe: { ...base, emitente: { ...emitente, crt: '1' }, items: csosnItems } },
    {
      name: 'nfce-65',
      nfe: {
        ...base,
        modelo: '65',
        destinatario: undefined,
        items: items([{ ...full, vProd: '30.00', ipi: undefined }]),
      },
    },
    { name: 'nfeproc', nfe: base, write: proc },
    { name: 'fifty-items', nfe: { ...base, items: items(fiftyItems) } },
    { name: 'rich-optional-groups', nfe: base, edit: richGroups },
  ];
  if (ibs) {
    list.push(
      { name: 'icms-40-41-50-60-70-90', nfe: { ...base, items: cstItems } },
      {
        name: 'ibscbs-reduced',
        nfe: {
          ...base,
          items: [
            {
              vProd: '1234.56',
              icms: { cst: '20', pICMS: '18', pRedBC: '33.33' },
              ibscbs: { cst: '200', cClassTrib: '200034', pRedAliq: '60' },
            },
          ],
        },
      },
      {
        name: 'ibscbs-deferred-vitem',
        nfe: {
          ...base,
          vItem: true,
          items: [
            {
              vProd: '999.99',
              icms: { cst: '00', pICMS: '18' },
              ibscbs: { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '100' },
            },
          ],
        },
      },
      {
        name: 'signed-homolog-crt2',
        nfe: { ...base, tpAmb: '2', emitente: { ...emitente, crt: '2' } },
        write: signed('', ''),
      },
      // Base64 broken in lines, as 6 % of the corpus's signatures are. A ds:-prefixed signature (none in the corpus)
      // is one of the signature mutants, not a seed.
      { name: 'signed-base64-lines', nfe: { ...base, numero: 4242 }, write: signed('', '\n') },
      {
        name: 'nfce-qrcode-signed',
        nfe: { ...base, modelo: '65', destinatario: undefined, items: [{ ...full, vProd: '12.50', ipi: undefined }] },
        edit: (t) => t.children.push(qrCodeSupl(keyOf(t))),
        write: signed('', ''),
      },
      {
        name: 'latin1-text-entities-optional-groups',
        nfe: base,
        edit: (t) => {
          optionalGroups(t);
          find(infNFe(t), 'emit').children[1]!.text = 'AÇÚCAR & CIA "SÃO JOÃO" D\'ÁGUA LTDA';
          find(find(find(infNFe(t), 'det'), 'prod'), 'xProd').text = 'CAFÉ <TORRADO> 500G ÇÃÕ ÿ';
        },
        write: prettyOf('\n', '  '),
      },
      {
        name: 'ibscbs-other-groups',
        nfe: { ...base, items: Array.from({ length: 4 }, () => full) },
        edit: (t) => {
          const groups = infNFe(t)
            .children.filter((c) => c.name === 'det')
            .map((d) => find(find(d, 'imposto'), 'IBSCBS'));
          const retype = (g: XNode, cst: string, cClassTrib: string, replacement?: XNode) => {
            find(g, 'CST').text = cst;
            find(g, 'cClassTrib').text = cClassTrib;
            g.children = g.children.filter((c) => c.name !== 'gIBSCBS');
            if (replacement) g.children.push(replacement);
          };
          retype(
            groups[0]!,
            '811',
            '811001',
            el('gAjusteCompet', [el('competApur', '2026-09'), el('vIBS', '1.00'), el('vCBS', '9.00')]),
          );
          retype(groups[1]!, '000', '000001', el('gTransfCred', [el('vIBS', '1.00'), el('vCBS', '9.00')]));
          groups[2]!.children.push(el('gCredPresOper', [el('vBCCredPres', '100.00'), el('cCredPres', '01')]));
          retype(groups[3]!, '410', '410026');
        },
      },
    );
  } else {
    list.push({
      name: 'simples-pretty',
      nfe: { ...base, emitente: { ...emitente, crt: '1' }, items: csosnItems },
      write: prettyOf('\n', '    '),
    });
  }
  return list;
}

/** Every seed: PL_010_V1.30 with a 2026 date, PL_009_V4 with a 2024 date (no IBS/CBS groups). */
export function buildSeeds(): Seed[] {
  const out: Seed[] = [];
  for (const [pkg, date, ibs] of [
    ['PL_010_V1.30', '2026-10-10', true],
    ['PL_009_V4', '2024-05-15', false],
  ] as const) {
    for (const s of specs(date, ibs)) {
      const t = sampleNfe(s.nfe);
      s.edit?.(t);
      out.push({ name: `${pkg}/${s.name}`, pkg, xml: (s.write ?? compact)(t) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Values pools: enumerations of both packages (a value from another element's list)
// ---------------------------------------------------------------------------------------------------------------

const pools = new Map<string, string[]>();
/** Every distinct capture of `re` over the XSDs of both packages, sorted (the same list on every run). */
function fromXsds(re: RegExp): string[] {
  let pool = pools.get(re.source);
  if (!pool) {
    const set = new Set<string>();
    const root = path.join(referenceDataDir, 'nfe-xsd');
    for (const pkg of readdirSync(root)) {
      if (!pkg.startsWith('PL_')) continue;
      for (const f of readdirSync(path.join(root, pkg))) {
        const text = readFileSync(path.join(root, pkg, f), 'utf8');
        for (const m of text.matchAll(re)) set.add(m[1]!);
      }
    }
    pool = [...set].sort();
    pools.set(re.source, pool);
  }
  return pool;
}
/** The values of every enumeration of the layout. */
export const enumerations = () => fromXsds(/enumeration value="([^"]*)"/g);
/** The name of every element the layout declares. */
export const layoutNames = () => fromXsds(/<(?:xs:)?element name="([^"]+)"/g);

// ---------------------------------------------------------------------------------------------------------------
// The element index of a (well-formed) seed: offsets of every element's tags, its parent and children
// ---------------------------------------------------------------------------------------------------------------

export interface Elem {
  qname: string;
  local: string;
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  parent: number;
  children: number[];
  selfClosing: boolean;
}

export function indexElements(s: string): Elem[] {
  const out: Elem[] = [];
  const stack: number[] = [];
  let i = 0;
  for (;;) {
    const lt = s.indexOf('<', i);
    if (lt < 0) break;
    const skip = s.startsWith('<?', lt)
      ? s.indexOf('?>', lt) + 2
      : s.startsWith('<!--', lt)
        ? s.indexOf('-->', lt) + 3
        : s.startsWith('<![CDATA[', lt)
          ? s.indexOf(']]>', lt) + 3
          : s.startsWith('<!', lt)
            ? s.indexOf('>', lt) + 1
            : -1;
    if (skip >= 0) {
      i = skip;
      continue;
    }
    let j = lt + 1;
    let quote = '';
    for (; j < s.length; j++) {
      const c = s[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    if (s[lt + 1] === '/') {
      const e = out[stack.pop()!]!;
      e.closeStart = lt;
      e.end = j + 1;
    } else {
      const qname = /^<([^\s/>]+)/.exec(s.slice(lt, lt + 120))![1]!;
      const selfClosing = s[j - 1] === '/';
      const parent = stack.length ? stack[stack.length - 1]! : -1;
      const idx = out.length;
      out.push({
        qname,
        local: qname.slice(qname.indexOf(':') + 1),
        start: lt,
        openEnd: j + 1,
        closeStart: selfClosing ? j + 1 : -1,
        end: selfClosing ? j + 1 : -1,
        parent,
        children: [],
        selfClosing,
      });
      if (parent >= 0) out[parent]!.children.push(idx);
      if (!selfClosing) stack.push(idx);
    }
    i = j + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Mutants
// ---------------------------------------------------------------------------------------------------------------

export interface Mutant {
  seed: string;
  kind: string;
  detail: string;
  xml: string;
  pkg: SchemaPackage;
}

/** mulberry32: a small deterministic PRNG (the same mutants on every run and machine). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const hashOf = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
};

/** A string as JSON with every character outside printable ASCII escaped (invisible ones show in a report). */
export const quoted = (s: string) =>
  JSON.stringify(s).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

const splice = (s: string, from: number, to: number, ins: string) => s.slice(0, from) + ins + s.slice(to);

interface Ctx {
  s: string;
  els: Elem[];
  /** Index of the validated NFe element. */
  nfe: number;
  /** Descendants of NFe (NFe excluded). */
  inside: number[];
  leaves: number[];
  containers: number[];
  rng: () => number;
  pick: <T>(list: readonly T[]) => T;
}
type Result = [detail: string, xml: string] | undefined;

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const text = (c: Ctx, e: Elem) => c.s.slice(e.openEnd, e.closeStart);
const within = (c: Ctx, e: Elem, name: string) => {
  for (let p = e.parent; p >= 0; p = c.els[p]!.parent) if (c.els[p]!.local === name) return true;
  return e.local === name;
};
const nsOf = (c: Ctx, e: Elem) => (within(c, e, 'Signature') ? DSIG_NS : NFE_NS);
/** Child boundaries of a container: right after its open tag and right after each child. */
const boundaries = (c: Ctx, e: Elem) => [e.openEnd, ...e.children.map((k) => c.els[k]!.end)];

function renamed(c: Ctx, e: Elem, qname: string, extra = ''): string {
  let s = c.s;
  if (!e.selfClosing) s = splice(s, e.closeStart, e.end, `</${qname}>`);
  return splice(s, e.start, e.start + 1 + e.qname.length, `<${qname}${extra}`);
}

/** Moves the text [from, to) to position `at` (outside it) of the same string. */
function moveText(s: string, from: number, to: number, at: number): string {
  const piece = s.slice(from, to);
  if (at <= from) return s.slice(0, at) + piece + s.slice(at, from) + s.slice(to);
  return s.slice(0, from) + s.slice(to, at) + piece + s.slice(at);
}

function valueVariants(v: string, c: Ctx, local: string): [string, string][] {
  const mid = v.length >> 1;
  const at = (ins: string) => v.slice(0, mid) + ins + v.slice(mid);
  const digit = v.search(/\d/);
  const list: [string, string][] = [
    ['empty', ''],
    ['leading space', ` ${v}`],
    ['trailing space', `${v} `],
    ['double inner space', at('  ')],
    ['inner space', at(' ')],
    ['leading tab', `\t${v}`],
    ['trailing newline', `${v}\n`],
    ['trailing CRLF', `${v}\r\n`],
    ['spaces both sides', `  ${v}  `],
    ['doubled (too long)', v + v],
    ['one more char', v + (v.slice(-1) || '1')],
    ['padded to 61', v.padEnd(61, '9')],
    ['padded to 121 letters', v.padEnd(121, 'A')],
    ['padded to 2001', v.padEnd(2001, '7')],
    ['last char cut (too short)', v.slice(0, -1)],
    ['first char cut', v.slice(1)],
    ['letter for last digit', v.replace(/\d(?=\D*$)/, 'A')],
    ['O for 0', v.replace('0', 'O')],
    ...['1.0', '01', '-1', '1e2', '+1', '1.', '.5', '0', '0.00', '00', '1,00', 'NaN', 'INF', '1', '9'].map(
      (x) => [`literal ${x}`, x] as [string, string],
    ),
    ['extra decimal place', /\./.test(v) ? `${v}0` : `${v}.0`],
    ['leading zero', `0${v}`],
    ['minus sign', `-${v}`],
    ['leading digit', `9${v}`],
    ['decimals dropped', v.replace(/\.\d+$/, '')],
    ['Ç inside', at('Ç')],
    ['Ł (beyond U+00FF)', `${v}Ł`],
    ['€', `${v}€`],
    ['NBSP trailing', `${v}\u00a0`],
    ['NBSP leading', `\u00a0${v}`],
    ['C1 control U+0085', `${v}\u0085`],
    ['ÿ', `${v}ÿ`],
    ['U+0100', `${v}\u0100`],
    ['ideographic space', `${v}\u3000`],
    ['&#1;', `${v}&#1;`],
    ['&#0;', `${v}&#0;`],
    ['&#9; trailing', `${v}&#9;`],
    ['&#9; leading', `&#9;${v}`],
    ['&#13; trailing', `${v}&#13;`],
    ['&#10; inner', at('&#10;')],
    ['&#xD; leading', `&#xD;${v}`],
    ['&#32; trailing', `${v}&#32;`],
    ['&#32;&#32; inner', at('&#32;&#32;')],
    ['&#x41;', `${v}&#x41;`],
    ['digit as char ref', digit < 0 ? v : `${v.slice(0, digit)}&#x3${v[digit]};${v.slice(digit + 1)}`],
    ['&#127;', `${v}&#127;`],
    ['&#x85;', `${v}&#x85;`],
    ['&#160;', `${v}&#160;`],
    ['&#xFFFE;', `${v}&#xFFFE;`],
    ['&#xFFFD;', `${v}&#xFFFD;`],
    ['&#x1F600;', `${v}&#x1F600;`],
    ['&#xD800;', `${v}&#xD800;`],
    ['&#x10FFFF;', `${v}&#x10FFFF;`],
    ['raw U+0001', `${v}\u0001`],
    ['raw tab inner', at('\t')],
    ['raw CR trailing', `${v}\r`],
    ['raw U+2028', `${v}\u2028`],
    ['raw U+FFFD', `${v}\ufffd`],
    ['raw U+FFFF', `${v}\uffff`],
    ['raw U+FEFF', `${v}\ufeff`],
    ['emoji (surrogate pair)', `${v}😀`],
    ['emoji only', '😀'],
    ['&amp;', `${v}&amp;`],
    ['&lt; leading', `&lt;${v}`],
    ['&gt;', `${v}&gt;`],
    ['&quot;', `${v}&quot;`],
    ['&apos;', `${v}&apos;`],
    ['undefined entity &nbsp;', `${v}&nbsp;`],
    ['bare &', `${v}&`],
    ['&amp without ;', `${v}&amp`],
    ['raw <', `${v}<`],
    ['raw >', `${v}>`],
    ['raw ]]>', `${v}]]>`],
    ['CDATA whole', `<![CDATA[${v}]]>`],
    ['CDATA empty before', `<![CDATA[]]>${v}`],
    ['CDATA split', `${v.slice(0, mid)}<![CDATA[${v.slice(mid)}]]>`],
    ['CDATA leading space', `<![CDATA[ ${v}]]>`],
    ['CDATA with &amp; literal', `<![CDATA[${v}&amp;]]>`],
    ['CDATA with < literal', `<![CDATA[${v}<]]>`],
    ['comment inside', at('<!--c-->')],
    ['comment only', '<!---->'],
    ['PI inside', at('<?pi x?>')],
    ['child element', `${v}<b>x</b>`],
    ['empty child element', '<b/>'],
    ['lower case', v.toLowerCase()],
    ['upper case', v.toUpperCase()],
    ['other enumeration', c.pick(enumerations())],
    ['other leaf value', text(c, c.els[c.pick(c.leaves)]!)],
  ];
  if (/^\d{4}-\d\d-\d\dT/.test(v))
    for (const d of [
      '2026-10-10T10:00:00Z',
      '2026-10-10T10:00:00',
      '2026-10-10T10:00:00.123-03:00',
      '2026-10-10T24:00:00-03:00',
      '2026-02-30T10:00:00-03:00',
      '2026-10-10 10:00:00-03:00',
      '2026-10-10T10:00:00+14:00',
      '2026-10-10T10:00:00-3:00',
      '2026-10-10',
    ])
      list.push([`date ${d}`, d]);
  if (/^\d{4}-\d\d$/.test(v))
    for (const d of [
      '2024-12',
      '2025-01',
      '2025-13',
      '2025-1',
      '2025-01Z',
      '2025-01-03:00',
      '+2025-01',
      '02025-01',
      '12025-01',
      '-2025-01',
      '2025-00',
      '2025-01-01',
    ])
      list.push([`year-month ${d}`, d]);
  if (/^(DigestValue|SignatureValue|X509Certificate|digVal)$/.test(local))
    for (const b of [
      'AAAA',
      'AAA',
      'AA==',
      'A===',
      'AAAA AAAA',
      'AAAA\nAAAA',
      '=AAA',
      'AA=A',
      'AAAA&#10;AAAA',
      '****',
      'AB==',
      'ABC=',
      'AAAA\r\nAAAA',
      ' AAAA',
      'AAAA ',
      'AAAA\n',
      '\nAAAA\n',
      'AA AA',
      'A A A A',
      'AA\tAA',
      'AAAA  AAAA',
      'AQ==\n',
      'AQ= =',
      'AAA=\nAAAA',
      'AA==AAAA',
      'AAAA\nAA==',
      'AAAA\nAB==',
      'AAAA\nAAA',
      '\n',
      ' ',
      '',
    ])
      list.push([`base64 ${quoted(b)}`, b]);
  return list;
}

const FUZZ = '0123456789012345678901234567890123456789..--+ :TZAaEeçÇ/@|_&;#x\u00a0';
/** One to three random edits (insert, replace, delete) of characters of FUZZ in a value: probes the patterns. */
function fuzzed(c: Ctx, v: string): string {
  let out = v;
  const edits = 1 + Math.floor(c.rng() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(c.rng() * (out.length + 1));
    let ch = FUZZ[Math.floor(c.rng() * FUZZ.length)]!;
    if (ch === '&') ch = '&amp;';
    if (ch === '<') ch = '&lt;';
    const op = c.rng();
    out =
      op < 0.4
        ? out.slice(0, at) + ch + out.slice(at)
        : op < 0.75
          ? out.slice(0, at) + ch + out.slice(at + 1)
          : out.slice(0, at) + out.slice(at + 1);
  }
  return out;
}

const elementKinds: Record<string, (c: Ctx) => Result> = {
  fuzz: (c) => {
    if (c.rng() < 0.2) {
      const withAttrs = c.inside.concat(c.nfe).filter((k) => attrsOf(c, c.els[k]!).length);
      const e = c.els[c.pick(withAttrs)]!;
      const a = c.pick(attrsOf(c, e));
      const nv = fuzzed(c, a.value).replace(/"/g, '&quot;');
      if (nv === a.value || a.name === 'xmlns') return undefined;
      return [
        `<${e.qname}> @${a.name} fuzzed: ${quoted(a.value.slice(0, 50))} → ${quoted(nv.slice(0, 60))}`,
        splice(c.s, a.vFrom, a.vTo, nv),
      ];
    }
    const e = c.els[c.pick(c.leaves)]!;
    const v = text(c, e);
    const nv = fuzzed(c, v);
    if (nv === v) return undefined;
    return [
      `<${e.qname}> fuzzed: ${quoted(v.slice(0, 50))} → ${quoted(nv.slice(0, 60))}`,
      splice(c.s, e.openEnd, e.closeStart, nv),
    ];
  },
  delete: (c) => {
    const e = c.els[c.pick(c.inside)]!;
    return [`delete <${e.qname}>`, splice(c.s, e.start, e.end, '')];
  },
  duplicate: (c) => {
    const dets = c.inside.filter((k) => c.els[k]!.local === 'det');
    const e = c.els[c.rng() < 0.15 && dets.length ? c.pick(dets) : c.pick(c.inside)]!;
    return [`duplicate <${e.qname}>`, splice(c.s, e.end, e.end, c.s.slice(e.start, e.end))];
  },
  swap: (c) => {
    const parents = c.containers.filter((k) => c.els[k]!.children.length >= 2);
    const p = c.els[c.pick(parents)]!;
    const i = Math.floor(c.rng() * (p.children.length - 1));
    const j = c.rng() < 0.5 ? i + 1 : i + 1 + Math.floor(c.rng() * (p.children.length - i - 1));
    const a = c.els[p.children[i]!]!;
    const b = c.els[p.children[j]!]!;
    const s = c.s;
    const A = s.slice(a.start, a.end);
    const B = s.slice(b.start, b.end);
    return [
      `swap <${a.qname}> and <${b.qname}> in <${p.qname}>`,
      s.slice(0, a.start) + B + s.slice(a.end, b.start) + A + s.slice(b.end),
    ];
  },
  move: (c) => {
    const e = c.els[c.pick(c.inside)]!;
    const targets = c.containers.filter((k) => {
      const t = c.els[k]!;
      return (t.start < e.start || t.start >= e.end) && k !== e.parent;
    });
    if (!targets.length) return undefined;
    const same = targets.filter((k) => c.els[k]!.local === c.els[e.parent]!.local);
    const t = c.els[same.length && c.rng() < 0.3 ? c.pick(same) : c.pick(targets)]!;
    const at = c.pick(boundaries(c, t));
    return [`move <${e.qname}> into <${t.qname}>`, moveText(c.s, e.start, e.end, at)];
  },
  rename: (c) => {
    const e = c.els[c.pick(c.inside)]!;
    const sibs = c.els[e.parent]!.children.map((k) => c.els[k]!.local).filter((n) => n !== e.local);
    const n = e.local;
    const ns = nsOf(c, e);
    const other = ns === NFE_NS ? DSIG_NS : NFE_NS;
    const toggled = n[0] === n[0]!.toUpperCase() ? n[0]!.toLowerCase() + n.slice(1) : n[0]!.toUpperCase() + n.slice(1);
    const variants: [string, string, string?][] = [
      ['a sibling name', sibs.length ? c.pick(sibs) : `${n}2`],
      ['first letter case', toggled],
      ['a char dropped', n.length > 1 ? n.slice(0, -1) : 'x'],
      ['a char doubled', n + n.slice(-1)],
      ['another element name', c.els[c.pick(c.inside)]!.local],
      ['a name of the layout', c.pick(layoutNames())],
      ['a name of the layout', c.pick(layoutNames())],
      ['prefix, same namespace', `x:${n}`, ` xmlns:x="${ns}"`],
      ['prefix, other namespace', `x:${n}`, ` xmlns:x="${other}"`],
      ['prefix, unknown namespace', `x:${n}`, ' xmlns:x="urn:x"'],
      ['prefix, undeclared', `x:${n}`],
      ['default namespace, same', n, ` xmlns="${ns}"`],
      ['default namespace, other', n, ` xmlns="${other}"`],
      ['no namespace', n, ' xmlns=""'],
    ];
    const [label, q, extra] = c.pick(variants);
    if (q === e.qname && !extra) return undefined;
    return [`rename <${e.qname}> (${label}) to <${q}${extra ?? ''}>`, renamed(c, e, q, extra)];
  },
  value: (c) => {
    const e = c.els[c.pick(c.leaves)]!;
    const v = text(c, e);
    const [label, nv] = c.pick(valueVariants(v, c, e.local));
    if (nv === v) return undefined;
    return [
      `<${e.qname}> value ${label}: ${quoted(v.slice(0, 40))} → ${quoted(nv.slice(0, 60))}`,
      splice(c.s, e.openEnd, e.closeStart, nv),
    ];
  },
};

interface Attr {
  name: string;
  value: string;
  /** Offsets of the whole ` name="value"` and of the value inside the quotes. */
  from: number;
  to: number;
  vFrom: number;
  vTo: number;
}
function attrsOf(c: Ctx, e: Elem): Attr[] {
  const tag = c.s.slice(e.start, e.openEnd);
  const out: Attr[] = [];
  for (const m of tag.matchAll(/\s([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')/g)) {
    const from = e.start + m.index!;
    const to = from + m[0].length;
    out.push({ name: m[1]!, value: m[2]!.slice(1, -1), from, to, vFrom: to - m[2]!.length + 1, vTo: to - 1 });
  }
  return out;
}

function attrValueVariants(a: Attr, c: Ctx): string[] {
  const v = a.value;
  const generic = ['', ` ${v}`, `${v} `, `${v}\t`, `${v}&#9;`, `${v}\n`, `${v}&#10;`, `${v}&#13;`, `${v}&#32;`];
  generic.push(v.toLowerCase(), v.slice(0, -1), `${v}0`, 'x', `&amp;${v}`, `${v}&lt;`, `${v}<`, `${v}"`, `${v}&#1;`);
  if (v) generic.push(`&#x${v.charCodeAt(0).toString(16)};${v.slice(1)}`);
  const idRef = c.s.match(/Id="(NFe\d{44})"/)?.[1] ?? 'NFe1';
  const dets = [...c.s.matchAll(/nItem="([^"]*)"/g)].map((m) => m[1]!);
  const special: Record<string, string[]> = {
    versao: ['4.0', '4.01', '3.10', '4.000', '4,00', '4.00 ', '&#x34;.00', '4.00\r\n'],
    Id: [
      idRef.slice(0, 10) + (idRef[10] === '1' ? '2' : '1') + idRef.slice(11),
      idRef.slice(3),
      `nfe${idRef.slice(3)}`,
      `${idRef}1`,
      idRef.slice(0, -1),
      `${idRef.slice(0, 20)}A${idRef.slice(21)}`,
      `${idRef.slice(0, 40)}A${idRef.slice(41)}`,
      `1${idRef}`,
      `${idRef} `,
      'SIG1',
    ],
    nItem: [
      '0',
      '991',
      '990',
      '01',
      ' 1',
      '1 ',
      'a',
      '100',
      '999',
      '-1',
      '1.0',
      '&#49;',
      c.pick(dets),
      `${c.pick(dets)}&#9;`,
    ],
    Algorithm: [
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      `${DSIG_NS}enveloped-signature`,
      `${DSIG_NS}rsa-sha1`,
      `${DSIG_NS}sha1`,
      `${DSIG_NS}rsa-sha256`,
      `${v} `,
      ` ${v}`,
    ],
    URI: [
      '#',
      '',
      '#x',
      'a b',
      `#${idRef}`,
      '##',
      '%',
      '%zz',
      'a%20b',
      'http://a b',
      '[',
      'http://[::1',
      '\\x',
      '`x',
      '{x}',
      '|x',
      '^x',
      '#\u00e9',
      '#\u20ac',
      '#&#1;',
    ],
    xmlns: [`${NFE_NS}/`, NFE_NS.toUpperCase(), 'urn:x', '', DSIG_NS, NFE_NS, ` ${NFE_NS}`],
  };
  return [...generic, ...(special[a.name] ?? []), ...(special[a.name] ?? [])];
}

const attrKinds: Record<string, (c: Ctx) => Result> = {
  attribute: (c) => {
    const withAttrs = c.inside.concat(c.nfe).filter((k) => attrsOf(c, c.els[k]!).length);
    const e = c.els[c.rng() < 0.7 ? c.pick(withAttrs) : c.pick(c.inside)]!;
    const attrs = attrsOf(c, e);
    const op = c.rng();
    const idRef = c.s.match(/Id="(NFe\d{44})"/)?.[1] ?? 'NFe1';
    if (attrs.length && op < 0.45) {
      const a = c.pick(attrs);
      const nv = c.pick(attrValueVariants(a, c));
      if (nv === a.value) return undefined;
      return [
        `<${e.qname}> @${a.name} ${quoted(a.value.slice(0, 30))} → ${quoted(nv)}`,
        splice(c.s, a.vFrom, a.vTo, nv),
      ];
    }
    if (attrs.length && op < 0.55) {
      const a = c.pick(attrs);
      return [`<${e.qname}> @${a.name} removed`, splice(c.s, a.from, a.to, '')];
    }
    if (attrs.length && op < 0.62) {
      const a = c.pick(attrs);
      return [`<${e.qname}> @${a.name} duplicated`, splice(c.s, a.to, a.to, c.s.slice(a.from, a.to))];
    }
    if (attrs.length && op < 0.7) {
      const a = c.pick(attrs);
      const to = c.pick([a.name.toLowerCase(), a.name.toUpperCase(), `${a.name}x`, `x:${a.name}`, `xsi:${a.name}`]);
      const extra = to.startsWith('x:') ? ' xmlns:x="urn:x"' : to.startsWith('xsi:') ? ` ${XSI}` : '';
      if (to === a.name) return undefined;
      const at = e.start + 1 + e.qname.length;
      const renamedAttr = splice(c.s, a.from, a.from + 1 + a.name.length, ` ${to}`);
      return [`<${e.qname}> @${a.name} renamed ${to}`, splice(renamedAttr, at, at, extra)];
    }
    const added = c.pick([
      'foo="1"',
      `xsi:nil="true" ${XSI}`,
      `xsi:nil="false" ${XSI}`,
      `xsi:type="xs:string" ${XSI} xmlns:xs="http://www.w3.org/2001/XMLSchema"`,
      `xsi:type="nfe:TString" ${XSI} xmlns:nfe="${NFE_NS}"`,
      `xsi:schemaLocation="${NFE_NS} nfe_v4.00.xsd" ${XSI}`,
      `xsi:noNamespaceSchemaLocation="x.xsd" ${XSI}`,
      `xsi:foo="1" ${XSI}`,
      'xml:lang="pt-BR"',
      'xml:space="preserve"',
      'xmlns:foo="urn:foo"',
      'foo:bar="1" xmlns:foo="urn:foo"',
      `nfe:versao="4.00" xmlns:nfe="${NFE_NS}"`,
      'versao="4.00"',
      `Id="${idRef}"`,
      'Id="SIG1"',
      'Id="1SIG"',
      'nItem="1"',
      'Algorithm="x"',
      'foo="a\tb\nc"',
    ]);
    const at = e.start + 1 + e.qname.length;
    return [`<${e.qname}> attribute ${added} added`, splice(c.s, at, at, ` ${added}`)];
  },
  mixed: (c) => {
    const junk = c.pick([
      'x',
      ' ',
      '\n\t  ',
      '\r\n',
      '&#32;',
      '&#9;',
      '&#10;',
      '&#13;',
      '&#160;',
      '\u00a0',
      '\u3000',
      '\ufeff',
      '\u0085',
      '\u2028',
      '\u2003',
      '\u200b',
      '\u1680',
      '\u202f',
      '\u000b',
      '\u000c',
      '<![CDATA[ ]]>',
      '<![CDATA[]]>',
      '<![CDATA[x]]>',
      '<!-- comentario -->',
      '<!---->',
      '<?pi x?>',
      '<?xml-stylesheet href="a"?>',
      '<?xml version="1.0"?>',
      '&amp;',
      '0',
    ]);
    const inLeaf = c.rng() < 0.25;
    if (inLeaf) {
      const e = c.els[c.pick(c.leaves)]!;
      const at = e.openEnd + Math.floor(c.rng() * (e.closeStart - e.openEnd + 1));
      return [`${quoted(junk)} inside the text of <${e.qname}>`, splice(c.s, at, at, junk)];
    }
    const p = c.els[c.rng() < 0.1 ? c.nfe : c.pick(c.containers)]!;
    const at = c.pick(boundaries(c, p));
    return [`${quoted(junk)} between the children of <${p.qname}>`, splice(c.s, at, at, junk)];
  },
  selfClose: (c) => {
    const r = c.rng();
    if (r < 0.5) {
      const e = c.els[c.pick(c.leaves)]!;
      const form = c.pick(['/>', ' />', '></']);
      const open = c.s.slice(e.start, e.openEnd - 1);
      return [
        `<${e.qname}> emptied as ${form}`,
        splice(c.s, e.start, e.end, form === '></' ? `${open}></${e.qname}>` : open + form),
      ];
    }
    if (r < 0.7) {
      const e = c.els[c.pick(c.containers)]!;
      return [
        `<${e.qname}> container self-closed`,
        splice(c.s, e.start, e.end, `${c.s.slice(e.start, e.openEnd - 1)}/>`),
      ];
    }
    const empties = c.inside.filter((k) => c.els[k]!.selfClosing);
    if (empties.length && r < 0.85) {
      const e = c.els[c.pick(empties)]!;
      const inner = c.pick(['', ' ', '\n', 'x', '<!--c-->', '&#32;', '<![CDATA[]]>']);
      return [
        `<${e.qname}/> opened with ${quoted(inner)}`,
        splice(c.s, e.openEnd - 2, e.openEnd, `>${inner}</${e.qname}>`),
      ];
    }
    const p = c.els[c.pick(c.containers)]!;
    const frag = c.pick(['<xCpl/>', '<xCpl></xCpl>', '<infAdic/>', '<infCpl/>', '<fone/>', '<vDesc/>']);
    const at = c.pick(boundaries(c, p));
    return [`${frag} inserted into <${p.qname}>`, splice(c.s, at, at, frag)];
  },
};

/** Optional elements of the layout, each with the sibling it follows (put there, or anywhere). */
const optionals: [parent: string, after: string, fragment: string][] = [
  ['enderEmit', 'nro', '<xCpl>SALA 1</xCpl>'],
  ['enderDest', 'nro', '<xCpl>FUNDOS</xCpl>'],
  ['enderEmit', 'xPais', '<fone>1133334444</fone>'],
  ['emit', 'xNome', '<xFant>FANTASIA</xFant>'],
  ['dest', 'IE', '<email>a@b.com.br</email>'],
  ['dest', 'indIEDest', '<email>a@b.com.br</email>'],
  ['prod', 'indTot', '<xPed>P1</xPed>'],
  ['det', 'imposto', '<infAdProd>OBS</infAdProd>'],
  ['infNFe', 'pag', '<infAdic><infCpl>OBS</infCpl></infAdic>'],
  ['infNFe', 'pag', '<infAdic><infAdFisco>FISCO</infAdFisco></infAdic>'],
  ['infNFe', 'pag', '<infAdic><obsCont xCampo="A"><xTexto>B</xTexto></obsCont></infAdic>'],
  ['ide', 'verProc', '<dhCont>2026-10-10T10:00:00-03:00</dhCont><xJust>CONTINGENCIA POR FALHA DE COMUNICACAO</xJust>'],
  ['transp', 'modFrete', '<transporta><xNome>TRANSPORTADORA</xNome></transporta>'],
  [
    'infNFe',
    'transp',
    '<cobr><fat><nFat>1</nFat><vOrig>10.00</vOrig><vDesc>0.00</vDesc><vLiq>10.00</vLiq></fat></cobr>',
  ],
  ['infNFe', 'dest', '<autXML><CNPJ>11222333000181</CNPJ></autXML>'],
  ['ICMSTot', 'vNF', '<vTotTrib>10.00</vTotTrib>'],
];

/** The edits that give every element of `ids` the prefix `p` (open and close tags), applied from the end. */
function prefixed(c: Ctx, ids: number[], p: string, s = c.s): string {
  const edits: [number, number, string][] = [];
  for (const k of ids) {
    const e = c.els[k]!;
    edits.push([e.start + 1, e.start + 1 + e.qname.length, p + e.local]);
    if (!e.selfClosing) edits.push([e.closeStart + 2, e.closeStart + 2 + e.qname.length, p + e.local]);
  }
  edits.sort((a, b) => b[0] - a[0]);
  for (const [from, to, ins] of edits) s = splice(s, from, to, ins);
  return s;
}
const subtree = (c: Ctx, root: number) => c.els.map((_, k) => k).filter((k) => k === root || isUnder(c, k, root));
const isUnder = (c: Ctx, k: number, root: number) => {
  for (let p = c.els[k]!.parent; p >= 0; p = c.els[p]!.parent) if (p === root) return true;
  return false;
};
/** Sets (or removes, value undefined) an attribute of the open tag that starts at `start` in `s`. */
function setAttrAt(s: string, start: number, name: string, value: string | undefined): string {
  let j = start + 1;
  let quote = '';
  for (; j < s.length; j++) {
    const ch = s[j];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') break;
  }
  const tag = s.slice(start, j + 1);
  const m = new RegExp(`\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*("[^"]*"|'[^']*')`).exec(tag);
  if (m)
    return splice(s, start + m.index, start + m.index + m[0].length, value === undefined ? '' : ` ${name}="${value}"`);
  if (value === undefined) return s;
  const at = start + /^<[^\s/>]+/.exec(tag)![0].length;
  return splice(s, at, at, ` ${name}="${value}"`);
}
const setAttr = (c: Ctx, e: Elem, name: string, value: string | undefined, s = c.s) =>
  setAttrAt(s, e.start, name, value);

const docKinds: Record<string, (c: Ctx) => Result> = {
  closeTag: (c) => {
    // Whitespace before the > of an end tag (well-formed XML), NFe's own one time in three.
    const opened = c.inside.filter((k) => !c.els[k]!.selfClosing);
    const e = c.els[c.rng() < 0.33 ? c.nfe : c.pick(opened)]!;
    const ws = c.pick([' ', '\n', '\t', '\r\n  ']);
    return [`</${e.qname}${quoted(ws).slice(1, -1)}>`, splice(c.s, e.end - 1, e.end - 1, ws)];
  },
  insertOptional: (c) => {
    const [parent, after, frag] = c.pick(optionals);
    const spots = c.inside.filter((k) => c.els[k]!.local === after && c.els[c.els[k]!.parent]!.local === parent);
    if (spots.length && c.rng() < 0.6) {
      const at = c.els[c.pick(spots)]!.end;
      return [`${frag} after <${after}> in <${parent}>`, splice(c.s, at, at, frag)];
    }
    const p = c.els[c.pick(c.containers)]!;
    const at = c.pick(boundaries(c, p));
    return [`${frag} inserted into <${p.qname}>`, splice(c.s, at, at, frag)];
  },
  namespace: (c) => {
    const nfe = c.els[c.nfe]!;
    const e = c.els[c.pick(c.inside)]!;
    const ownNs = subtree(c, c.nfe).filter((k) => !within(c, c.els[k]!, 'Signature'));
    const at = e.start + 1 + e.qname.length;
    const withoutDefault = setAttr(c, nfe, 'xmlns', undefined);
    const nfeAttrs = (s: string, attrs: [string, string | undefined][]) =>
      attrs.reduce((acc, [n, v]) => setAttrAt(acc, nfe.start, n, v), s);
    const variants: (() => Result)[] = [
      () => ['NFe xmlns removed', withoutDefault],
      () => {
        const v = c.pick([
          `${NFE_NS}/`,
          NFE_NS.toUpperCase(),
          'urn:x',
          '',
          DSIG_NS,
          ` ${NFE_NS}`,
          'http://www.portalfiscal.inf.br/nfe2',
        ]);
        return [`NFe xmlns="${v}"`, setAttr(c, nfe, 'xmlns', v)];
      },
      () => [`<${e.qname}> redeclares the same default namespace`, splice(c.s, at, at, ` xmlns="${nsOf(c, e)}"`)],
      () => [`<${e.qname}> declares another default namespace`, splice(c.s, at, at, ' xmlns="urn:x"')],
      () => [`<${e.qname}> undeclares the default namespace`, splice(c.s, at, at, ' xmlns=""')],
      () => [`<${e.qname}> declares an unused prefix`, splice(c.s, at, at, ' xmlns:u="urn:u"')],
      () => [
        'every NF-e element prefixed nfe:, no default namespace',
        nfeAttrs(prefixed(c, ownNs, 'nfe:'), [
          ['xmlns', undefined],
          ['xmlns:nfe', NFE_NS],
        ]),
      ],
      () => [
        'every NF-e element prefixed nfe:, default kept',
        nfeAttrs(prefixed(c, ownNs, 'nfe:'), [['xmlns:nfe', NFE_NS]]),
      ],
      () => ['every NF-e element prefixed nfe: (undeclared)', prefixed(c, ownNs, 'nfe:')],
      () => [
        'every NF-e element prefixed nfe: bound to another namespace',
        nfeAttrs(prefixed(c, ownNs, 'nfe:'), [
          ['xmlns', undefined],
          ['xmlns:nfe', 'urn:x'],
        ]),
      ],
      () => {
        const inf = c.els[nfe.children[0]!]!;
        return [
          'default namespace moved from NFe to infNFe',
          nfeAttrs(setAttr(c, inf, 'xmlns', NFE_NS), [['xmlns', undefined]]),
        ];
      },
      // Only the root prefixed: its children stay in the default namespace (valid when it is the NF-e's).
      () => [
        'root prefixed n: (same namespace), children unprefixed',
        nfeAttrs(prefixed(c, [c.nfe], 'n:'), [['xmlns:n', NFE_NS]]),
      ],
    ];
    return c.pick(variants)();
  },
  signature: (c) => {
    const sigId = c.inside.find((k) => c.els[k]!.local === 'Signature' && c.els[k]!.parent === c.nfe);
    if (sigId === undefined) return undefined;
    const sig = c.els[sigId]!;
    const part = (name: string) => c.els[c.inside.find((k) => c.els[k]!.local === name && isUnder(c, k, sigId))!]!;
    const inSig = subtree(c, sigId);
    const idRef = c.s.match(/Id="(NFe\d{44})"/)?.[1] ?? 'NFe1';
    const variants: (() => Result)[] = [
      () => ['Signature in the NF-e namespace (no xmlns)', setAttr(c, sig, 'xmlns', undefined)],
      () => ['Signature xmlns = NF-e namespace', setAttr(c, sig, 'xmlns', NFE_NS)],
      () => {
        if (sig.qname.includes(':')) return undefined;
        const s = setAttrAt(
          setAttrAt(prefixed(c, inSig, 'ds:'), sig.start, 'xmlns', undefined),
          sig.start,
          'xmlns:ds',
          DSIG_NS,
        );
        return ['Signature written with the ds: prefix', s];
      },
      () => {
        const k = c.els[c.pick(inSig.filter((x) => x !== sigId))]!;
        const a = k.start + 1 + k.qname.length;
        return [`<${k.qname}> inside Signature in the NF-e namespace`, splice(c.s, a, a, ` xmlns="${NFE_NS}"`)];
      },
      () => {
        const ts = inSig.filter((k) => c.els[k]!.local === 'Transform').map((k) => c.els[k]!);
        if (ts.length < 2) return undefined;
        const v = attrsOf(c, ts[0]!).find((a) => a.name === 'Algorithm')!.value;
        return ['both Transforms with the same Algorithm', setAttr(c, ts[1]!, 'Algorithm', v)];
      },
      () => ['Signature Id = infNFe Id', setAttr(c, sig, 'Id', idRef)],
      () => ['Signature Id SIG1', setAttr(c, sig, 'Id', 'SIG1')],
      () => {
        const s = setAttr(c, part('KeyInfo'), 'Id', 'A');
        const sv = part('SignatureValue');
        return sv.start < part('KeyInfo').start
          ? ['Id A on SignatureValue and KeyInfo', setAttr(c, sv, 'Id', 'A', s)]
          : undefined;
      },
      () => ['Id A on SignatureValue', setAttr(c, part('SignatureValue'), 'Id', 'A')],
      () => {
        const t = part('Transform');
        const p = t.qname.slice(0, -'Transform'.length);
        const open = c.s.slice(t.start, t.openEnd - (t.selfClosing ? 2 : 1)).trimEnd();
        return [
          'XPath child in a Transform',
          splice(c.s, t.start, t.end, `${open}><${p}XPath>/a</${p}XPath></${t.qname}>`),
        ];
      },
      () => ['Reference URI removed', setAttr(c, part('Reference'), 'URI', undefined)],
      () => ['SignatureMethod rsa-sha256', setAttr(c, part('SignatureMethod'), 'Algorithm', `${DSIG_NS}rsa-sha256`)],
      () => [
        'CanonicalizationMethod exclusive c14n',
        setAttr(c, part('CanonicalizationMethod'), 'Algorithm', 'http://www.w3.org/2001/10/xml-exc-c14n#'),
      ],
      () => {
        const inf = c.els[c.nfe]!.children[0]!;
        return ['Signature before infNFe', moveText(c.s, sig.start, sig.end, c.els[inf]!.start)];
      },
      () => {
        const inf = c.els[c.els[c.nfe]!.children[0]!]!;
        return ['Signature moved to the end of infNFe', moveText(c.s, sig.start, sig.end, inf.closeStart)];
      },
      () => ['two Signatures', splice(c.s, sig.end, sig.end, c.s.slice(sig.start, sig.end))],
      () => ['Signature removed', splice(c.s, sig.start, sig.end, '')],
      () => {
        const inner = c.s.slice(sig.openEnd, sig.closeStart).replace(/></g, '>\n  <');
        return ['Signature pretty-printed', splice(c.s, sig.openEnd, sig.closeStart, inner)];
      },
    ];
    return c.pick(variants)();
  },
  declaration: (c) => {
    const decl = /^<\?xml[^?]*\?>/.exec(c.s)?.[0] ?? '';
    const body = c.s.slice(decl.length);
    const xProd = c.inside.find((k) => c.els[k]!.local === 'xProd');
    const withXProd = (s: string, v: string) => {
      if (xProd === undefined) return s;
      const e = c.els[xProd]!;
      const shift = s.length - c.s.length;
      return splice(s, e.openEnd + shift, e.closeStart + shift, v);
    };
    const enc = (e: string) => `<?xml version="1.0" encoding="${e}"?>`;
    const variants: [string, string][] = [
      ['declaration removed', body],
      ['declaration without encoding', `<?xml version="1.0"?>${body}`],
      ['declaration in single quotes, utf-8', `<?xml version='1.0' encoding='utf-8'?>${body}`],
      ['encoding ISO-8859-1', enc('ISO-8859-1') + body],
      ['encoding ISO-8859-1, xProd of 70 Ç', withXProd(enc('ISO-8859-1') + body, 'Ç'.repeat(70))],
      ['encoding ISO-8859-1, xProd of 61 É', withXProd(enc('ISO-8859-1') + body, `P${'É'.repeat(60)}`)],
      ['encoding ISO-8859-1, xProd with €', withXProd(enc('ISO-8859-1') + body, 'PRODUTO €')],
      ['encoding windows-1252', enc('windows-1252') + body],
      ['encoding UTF-16', enc('UTF-16') + body],
      ['encoding US-ASCII, xProd with Ç', withXProd(enc('US-ASCII') + body, 'AÇO')],
      ['encoding XYZ', enc('XYZ') + body],
      ['version 1.1', `<?xml version="1.1" encoding="UTF-8"?>${body}`],
      ['version 1.1, &#1; in xProd', withXProd(`<?xml version="1.1" encoding="UTF-8"?>${body}`, 'PRODUTO&#1;X')],
      [
        'version 1.1, raw U+0085 in xProd',
        withXProd(`<?xml version="1.1" encoding="UTF-8"?>${body}`, 'PRODUTO\u0085X'),
      ],
      [
        'version 1.1, raw U+2028 in xProd',
        withXProd(`<?xml version="1.1" encoding="UTF-8"?>${body}`, 'PRODUTO\u2028X'),
      ],
      ['version 1.0, raw U+0085 in xProd', withXProd(c.s, 'PRODUTO\u0085X')],
      ['version 2.0', `<?xml version="2.0" encoding="UTF-8"?>${body}`],
      ['standalone yes', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`],
      ['standalone no', `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${body}`],
      ['standalone maybe', `<?xml version="1.0" encoding="UTF-8" standalone="maybe"?>${body}`],
      ['whitespace before the declaration', `\n${c.s}`],
      ['BOM before the declaration', `\ufeff${c.s}`],
      ['BOM, no declaration', `\ufeff${body}`],
      ['comment before the declaration', `<!--x-->${c.s}`],
      ['declaration twice', decl + c.s],
      ['comment after the declaration', `${decl}<!--x-->${body}`],
      ['PI before the root', `${decl}<?pi x?>${body}`],
      ['text after the root', `${c.s}x`],
      ['element after the root', `${c.s}<x/>`],
      ['comment after the root', `${c.s}<!--x-->`],
      ['PI after the root', `${c.s}<?pi x?>`],
      ['whitespace after the root', `${c.s}\n\n`],
      ['NBSP after the root', `${c.s}\u00a0`],
      ['U+3000 after the root', `${c.s}\u3000`],
      ['U+FEFF after the root', `${c.s}\ufeff`],
      ['U+2028 before the root', `${decl}\u2028${body}`],
      ['NBSP before the root', `${decl}\u00a0${body}`],
      ['two BOMs, no declaration', `\ufeff\ufeff${body}`],
      ['BOM then NBSP, no declaration', `\ufeff\u00a0${body}`],
      ['U+0085 after the root', `${c.s}\u0085`],
      ['vertical tab after the root', `${c.s}\u000b`],
      ['char ref after the root', `${c.s}&#32;`],
    ];
    return c.pick(variants);
  },
};

const envelopeKinds: Record<string, (c: Ctx) => Result> = {
  wrap: (c) => {
    const nfe = c.els[c.nfe]!;
    const decl = /^<\?xml[^?]*\?>/.exec(c.s)?.[0] ?? '';
    const NFe = c.s.slice(nfe.start, nfe.end);
    const key = c.s.match(/Id="NFe(\d{44})"/)?.[1] ?? '0'.repeat(44);
    const prot = protNFe(key);
    // The first xProd emptied (TString needs a character): an NF-e libxml2 refuses.
    const broken = NFe.replace(/<(\w+:)?xProd>[^<]*</, '<$1xProd><');
    const procOf = (inner: string, attrs = ` versao="4.00" xmlns="${NFE_NS}"`, name = 'nfeProc') =>
      `${decl}<${name}${attrs}>${inner}</${name}>`;
    const isProc = c.els[0]!.local !== 'NFe';
    const variants: [string, string][] = [
      ['wrapped in nfeProc', procOf(NFe + prot)],
      ['wrapped in nfeProc, protNFe first', procOf(prot + NFe)],
      ['wrapped in an unknown root', procOf(NFe, '', 'envelope')],
      ['wrapped in nfeProc of another namespace', procOf(NFe + prot, ' versao="4.00" xmlns="urn:x"')],
      ['nfeProc with two NFe, the second broken', procOf(NFe + broken + prot)],
      ['nfeProc with two NFe, the first broken', procOf(broken + NFe + prot)],
      ['nfeProc without NFe', procOf(prot)],
      ['nfeProc whose NFe is in another namespace', procOf(NFe.replace(`xmlns="${NFE_NS}"`, 'xmlns="urn:x"') + prot)],
      ['NFe inside an NFe', `${decl}<NFe xmlns="${NFE_NS}">${NFe}</NFe>`],
      ['root NFe in another namespace', decl + NFe.replace(`xmlns="${NFE_NS}"`, 'xmlns="urn:x"')],
      ['root nfeProc, NFe deeper', procOf(`<x>${NFe}</x>${prot}`)],
    ];
    if (isProc) variants.push(['the whole nfeProc wrapped again', procOf(c.s.slice(decl.length) + prot)]);
    return c.pick(variants);
  },
  doctype: (c) => {
    const decl = /^<\?xml[^?]*\?>/.exec(c.s)?.[0] ?? '';
    const body = c.s.slice(decl.length);
    const root = c.els[0]!.qname;
    const with_ = (subset: string, s = body) => `${decl}<!DOCTYPE ${root}${subset ? ` [${subset}]` : ''}>${s}`;
    const xProd = c.inside.find((k) => c.els[k]!.local === 'xProd');
    const inXProd = (v: string) => {
      if (xProd === undefined) return body;
      const e = c.els[xProd]!;
      return splice(c.s, e.openEnd, e.closeStart, v).slice(decl.length);
    };
    const nro = c.inside.find((k) => c.els[k]!.local === 'nro');
    const afterNro = (v: string) =>
      nro === undefined ? body : splice(c.s, c.els[nro]!.end, c.els[nro]!.end, v).slice(decl.length);
    const nfe = c.els[c.nfe]!;
    const inf = c.els[nfe.children[0]!]!;
    const variants: [string, string][] = [
      ['empty DOCTYPE', with_('')],
      ['internal entity in xProd', with_('<!ENTITY p "PRODUTO">', inXProd('&p; 1'))],
      ['internal entity of spaces in xProd', with_('<!ENTITY p "   ">', inXProd('&p;'))],
      ['internal entity with a control char ref', with_('<!ENTITY p "A&#38;#1;B">', inXProd('&p;'))],
      ['entity with markup after nro', with_('<!ENTITY x "<xCpl>SALA</xCpl>">', afterNro('&x;'))],
      ['entity with a wrong element after nro', with_('<!ENTITY x "<xCplX>SALA</xCplX>">', afterNro('&x;'))],
      ['external entity in xProd', with_('<!ENTITY e SYSTEM "file:///etc/hostname">', inXProd('&e;'))],
      ['undeclared entity in xProd with DOCTYPE', with_('', inXProd('&p;'))],
      [
        'ATTLIST default versao, versao removed',
        with_(
          '<!ATTLIST infNFe versao CDATA "4.00">',
          setAttrAt(c.s, inf.start, 'versao', undefined).slice(decl.length),
        ),
      ],
      [
        'ATTLIST default xmlns, xmlns removed',
        with_(
          `<!ATTLIST ${nfe.qname} xmlns CDATA "${NFE_NS}">`,
          setAttrAt(c.s, nfe.start, 'xmlns', undefined).slice(decl.length),
        ),
      ],
      ['ATTLIST fixed versao other', with_('<!ATTLIST infNFe versao CDATA #FIXED "3.10">')],
      ['ELEMENT declarations', with_(`<!ELEMENT ${root} ANY>`)],
    ];
    return c.pick(variants);
  },
};

/** Kinds and their weights in the mix. */
const kinds: [string, number, (c: Ctx) => Result][] = [
  ['delete', 10, elementKinds.delete!],
  ['duplicate', 8, elementKinds.duplicate!],
  ['swap', 8, elementKinds.swap!],
  ['move', 6, elementKinds.move!],
  ['rename', 10, elementKinds.rename!],
  ['value', 26, elementKinds.value!],
  ['fuzz', 20, elementKinds.fuzz!],
  ['attribute', 12, attrKinds.attribute!],
  ['mixed', 8, attrKinds.mixed!],
  ['selfClose', 5, attrKinds.selfClose!],
  ['insertOptional', 5, docKinds.insertOptional!],
  ['namespace', 5, docKinds.namespace!],
  ['signature', 4, docKinds.signature!],
  ['declaration', 4, docKinds.declaration!],
  ['wrap', 2, envelopeKinds.wrap!],
  ['doctype', 2, envelopeKinds.doctype!],
  ['closeTag', 2, docKinds.closeTag!],
];
const totalWeight = kinds.reduce((a, k) => a + k[1], 0);

/** The seed as libxml2 sees it ('checked': placeholder signature spliced in), or as the body the service reads. */
export type Form = 'checked' | 'body';

function contextOf(seed: Seed, form: Form = 'checked'): Ctx {
  const s = form === 'checked' ? asChecked(seed.xml) : seed.xml;
  const els = indexElements(s);
  const nfe = els.findIndex((e) => e.local === 'NFe');
  const rng = prng(hashOf(seed.name));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const inside = els
    .map((_, k) => k)
    .filter(
      (k) =>
        k !== nfe &&
        (() => {
          for (let p = els[k]!.parent; p >= 0; p = els[p]!.parent) if (p === nfe) return true;
          return false;
        })(),
    );
  const c: Ctx = {
    s,
    els,
    nfe,
    inside,
    leaves: inside.filter((k) => !els[k]!.children.length && !els[k]!.selfClosing),
    containers: inside.filter((k) => els[k]!.children.length > 0),
    rng,
    pick,
  };
  return c;
}

/** `count` distinct mutants of a seed (as libxml2 sees it), the same on every run. */
export function mutantsOf(seed: Seed, count: number, form: Form = 'checked'): Mutant[] {
  const c = contextOf(seed, form);
  const s = c.s;
  const out: Mutant[] = [];
  const seen = new Set<string>([s]);
  const otherPkg: SchemaPackage = seed.pkg === 'PL_009_V4' ? 'PL_010_V1.30' : 'PL_009_V4';
  out.push({ seed: seed.name, kind: 'package', detail: `validated as ${otherPkg}`, xml: s, pkg: otherPkg });
  for (let guard = 0; out.length < count && guard < count * 20; guard++) {
    let r = c.rng() * totalWeight;
    let kind = kinds[0]!;
    for (const k of kinds) {
      r -= k[1];
      kind = k;
      if (r < 0) break;
    }
    const res = kind[2](c);
    if (!res || seen.has(res[1])) continue;
    seen.add(res[1]);
    out.push({ seed: seed.name, kind: kind[0], detail: res[0], xml: res[1], pkg: seed.pkg });
  }
  return out;
}

/**
 * Every value variant on the first element of each of `names` the seed has (deterministic, not drawn): the
 * signature's base64, dates, the QR-Code, the FCI, the competence month, amounts, texts, e-mails.
 */
export function everyVariantOf(seed: Seed, names: readonly string[]): Mutant[] {
  const c = contextOf(seed);
  const out: Mutant[] = [];
  const seen = new Set<string>([c.s]);
  for (const name of names) {
    const k = c.leaves.find((x) => c.els[x]!.local === name);
    if (k === undefined) continue;
    const e = c.els[k]!;
    const v = text(c, e);
    for (const [label, nv] of valueVariants(v, c, e.local)) {
      const xml = splice(c.s, e.openEnd, e.closeStart, nv);
      if (seen.has(xml)) continue;
      seen.add(xml);
      out.push({
        seed: seed.name,
        kind: 'every-variant',
        detail: `<${e.qname}> ${label}: ${quoted(nv.slice(0, 60))}`,
        xml,
        pkg: seed.pkg,
      });
    }
  }
  return out;
}

/** Where two XMLs differ: the changed span of each with some context (for a failure message). */
export function xmlDiff(a: string, b: string, context = 80): string {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let q = 0;
  while (q < a.length - p && q < b.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  const show = (x: string) => {
    const span = x.slice(Math.max(0, p - context), Math.min(x.length, x.length - q + context));
    // A change of thousands of characters (a 50,001-character name) shows its ends.
    return quoted(span.length > 600 ? `${span.slice(0, 300)}…${span.slice(-300)}` : span);
  };
  return `at offset ${p}\n  seed:   ${show(a)}\n  mutant: ${show(b)}`;
}

/** A document of `n` copies of the seed's first det (nItem renumbered): 990 is the layout's maximum. */
export function manyItems(seed: Seed, n: number): string {
  const s = asChecked(seed.xml);
  const from = s.indexOf('<det ');
  const to = s.indexOf('</det>', from) + 6;
  const det = s.slice(from, to);
  const dets = Array.from({ length: n }, (_, i) => det.replace(/nItem="\d+"/, `nItem="${i + 1}"`)).join('');
  return s.slice(0, from) + dets + s.slice(s.lastIndexOf('</det>') + 6);
}

// ---------------------------------------------------------------------------------------------------------------
// Crafted cases: where the fast path once disagreed with libxml2 (each is a false valid it had)
// ---------------------------------------------------------------------------------------------------------------

/** anyURI values: libxml2 refuses the first ones (RFC 3986), accepts the last ones. */
const URIS = [
  '1:x',
  ':x',
  '.:',
  '+a:b',
  'http://a:b/',
  'http://a:',
  '//a:b',
  'http://a:2147483648',
  'http://a@b@c',
  '//a@b:x',
  '//a:1:2',
  'http://a:b@c:d',
  'a1:b:c',
  'http:::80',
  'http://a:2147483647/x?y#z',
  'a/b:c',
  '#a:b@c/d?e',
];

/** xmlns values: libxml2 refuses the first ones (not a URI, or a reserved namespace), accepts the last ones. */
const XMLNS_OUTSIDE = [
  'a b',
  'http://[',
  '%zz',
  '1:x',
  'é',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
  'nfe',
  'urn:x',
  '',
];

/**
 * Values of types whose facets libxml2 applies to the value, not to the characters: hashCSRT is base64Binary of
 * length 20, counted in octets (a SHA-1 is 28 base64 characters; 20 characters are 15 octets).
 */
export function craftedMutants(seeds: readonly Seed[]): Mutant[] {
  const out: Mutant[] = [];
  for (const seed of seeds) {
    const s = asChecked(seed.xml);
    // anyURI as libxml2 reads it (RFC 3986): a relative reference's first segment without ':', an authority of one
    // '@' and a port of digits (up to INT_MAX); the seed's own Reference URI and an added Type attribute.
    const ref = /<(?:ds:)?Reference URI="[^"]*"/.exec(s);
    if (ref && seed.xml.includes('<Reference URI="#NFe'))
      for (const uri of URIS)
        for (const [label, with_] of [
          ['URI', `${ref[0].slice(0, ref[0].indexOf(' URI='))} URI="${uri}"`],
          ['Type', `${ref[0]} Type="${uri}"`],
        ] as const)
          out.push({
            seed: seed.name,
            kind: 'crafted',
            detail: `Reference ${label} ${uri}`,
            xml: s.slice(0, ref.index) + with_ + s.slice(ref.index + ref[0].length),
            pkg: seed.pkg,
          });
    // A namespace declaration outside the NFe (not schema-checked) that libxml2's parser refuses, and some it accepts.
    if (s.includes('<protNFe '))
      for (const ns of XMLNS_OUTSIDE)
        for (const [label, xml] of [
          ['protNFe', s.replace('<protNFe ', () => `<protNFe xmlns="${ns}" `)],
          ['xMotivo', s.replace('<xMotivo>', () => `<xMotivo xmlns="${ns}">`)],
        ] as const)
          out.push({ seed: seed.name, kind: 'crafted', detail: `xmlns="${ns}" on ${label}`, xml, pkg: seed.pkg });
    // libxml2's parser stops names at 50,000 characters (XML_MAX_NAME_LENGTH without XML_PARSE_HUGE).
    if (s.includes('<xMotivo>'))
      for (const n of [50_000, 50_001]) {
        const name = 'a'.repeat(n);
        out.push(
          {
            seed: seed.name,
            kind: 'crafted',
            detail: `element name of ${n} characters after the NFe`,
            xml: s.replace('<xMotivo>', () => `<${name}>x</${name}><xMotivo>`),
            pkg: seed.pkg,
          },
          {
            seed: seed.name,
            kind: 'crafted',
            detail: `attribute name of ${n} characters after the NFe`,
            xml: s.replace('<xMotivo>', () => `<xMotivo ${name}="1">`),
            pkg: seed.pkg,
          },
        );
      }
    if (!s.includes('</infRespTec>')) continue;
    for (const [label, v] of [
      ['20 characters, 15 octets', 'A'.repeat(20)],
      ['28 characters, 20 octets', `${'A'.repeat(27)}=`],
      ['24 characters, 18 octets', 'A'.repeat(24)],
      ['28 characters wrapped, 20 octets', `${'A'.repeat(12)}\n${'A'.repeat(15)}=`],
      ['20 characters with spaces', 'AAAA AAAA AAAA AAAA AAAA'],
    ])
      out.push({
        seed: seed.name,
        kind: 'crafted',
        detail: `hashCSRT ${label}`,
        xml: s.replace('</infRespTec>', `<idCSRT>01</idCSRT><hashCSRT>${v}</hashCSRT></infRespTec>`),
        pkg: seed.pkg,
      });
  }
  return out;
}

/**
 * Bodies as the route receives them (the service test reads them as bytes): a second byte order mark (TextDecoder
 * drops the first one), and an unsigned NFe in an nfeProc whose later text holds "</NFe>" in a CDATA section (where
 * a search of the bytes for NFe's end tag would splice the placeholder signature).
 */
export function craftedBodies(seeds: readonly Seed[]): Mutant[] {
  const out: Mutant[] = [];
  for (const seed of seeds) {
    if (seed.xml.includes('Signature') || !seed.xml.startsWith(DECL) || seed.xml.length > 30_000) continue;
    const nfe = seed.xml.slice(DECL.length);
    const add = (detail: string, xml: string) =>
      out.push({ seed: seed.name, kind: 'crafted', detail, xml, pkg: seed.pkg });
    add('two byte order marks', `\uFEFF\uFEFF${seed.xml}`);
    add('two byte order marks, no declaration', `\uFEFF\uFEFF${nfe}`);
    add('one byte order mark', `\uFEFF${seed.xml}`);
    const key = seed.xml.match(/Id="NFe(\d{44})"/)?.[1] ?? '0'.repeat(44);
    const proc = (tail: string) =>
      `${DECL}<nfeProc versao="4.00" xmlns="${NFE_NS}">${nfe}${protNFe(key).replace('Autorizado o uso da NF-e', tail)}</nfeProc>`;
    add('unsigned nfeProc', proc('Autorizado'));
    add('unsigned nfeProc, "</NFe>" in a CDATA after it', proc('<![CDATA[</NFe>]]>'));
    add('unsigned nfeProc, "</NFe >" in a CDATA after it', proc('<![CDATA[ver </NFe >]]>'));
  }
  return out;
}
