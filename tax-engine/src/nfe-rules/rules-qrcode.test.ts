import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_BOOK } from './book.js';
import { nfceUrlKey, parseNfceUrls } from './nfce-urls-table.js';
import { findInfNFe, viewNfe } from './nfe-view.js';
import { qrCodeRules } from './rules-qrcode.js';
import { type SampleNfe, sampleNfe } from './sample-nfe.js';
import { el } from './sample-xml.js';
import { bundledTables, eachRuleCase, hiddenByRequirements, positivesSkipped, type RuleCase } from './test-support.js';
import type { RuleContext } from './types.js';
import { validateNfeRules } from './validate.js';
import { child, text, type XNode } from './xml-node.js';

// MOC 7.0 annex I, group ZX (infNFeSupl), rows of QR-Code version 2 (NT 2015.002 / NT 2018.005) and "2 ou 3"
// (NT 2025.001, as the annex republished by NT 2026.002 writes them).
const ctx: RuleContext = { data: '2026-10-10', ambiente: 'homologacao', agora: new Date(), tabelas: null };
/** The bundled tables, with the NFC-e addresses per UF of reference-data/nfce-urls-uf.tsv (ZX02-20, ZX03-20). */
const tabelas = bundledTables();
const DIGEST = 'Q3Vj7wCtzVPkxBqfBV2r4+5xYDs=';
const asciiHex = [...DIGEST].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

/** A signed-looking NFC-e (homologation, 10/10/2026) with infNFeSupl; `qr` builds the QR-Code from its key. */
function signedNfce(
  opts: { qr?: (chave: string) => string; tpEmis?: string; signed?: boolean; cpfDest?: string; emitCpf?: string } = {},
) {
  const tree = sampleNfe({
    modelo: '65',
    emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
    ...(opts.cpfDest ? { destinatario: { cpf: opts.cpfDest, uf: 'SP', contribuinte: false } } : {}),
    data: '2026-10-10',
    tpAmb: '2',
    items: [{ vProd: '10.00', icms: { cst: '00', pICMS: '18' } }],
  });
  const infNFe = findInfNFe(tree)!;
  const ide = child(infNFe, 'ide')!;
  if (opts.tpEmis) child(ide, 'tpEmis')!.text = opts.tpEmis;
  if (opts.emitCpf) Object.assign(child(child(infNFe, 'emit'), 'CNPJ')!, { name: 'CPF', text: opts.emitCpf });
  const chave = infNFe.attrs.Id!.slice(3);
  if (opts.qr) tree.children.push(el('infNFeSupl', [el('qrCode', opts.qr(chave)), el('urlChave', CHAVE)]));
  if (opts.signed !== false)
    tree.children.push(
      el('Signature', [el('SignedInfo', [el('Reference', [el('DigestValue', DIGEST)], { URI: `#NFe${chave}` })])]),
    );
  const view = Object.assign(viewNfe(infNFe), { nfe: tree as XNode });
  return { view, chave, vNF: text(view.icmsTot, 'vNF')! };
}

const URL = 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=';
/** SP's QR-Code address in production: refused in a homologation NFC-e. */
const SP_PROD = 'https://www.nfce.fazenda.sp.gov.br/qrcode?p=';
/** SP's consultation by access key in homologation, as the Portal da NFC-e's list gives it (nfce-urls-uf.tsv). */
const CHAVE = 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta';
const HASH = 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678';
const ids = (v: ReturnType<typeof signedNfce>['view']) =>
  qrCodeRules.flatMap((r) => r.verificar(v, ctx).map(() => r.id));

describe('group ZX, QR-Code of the NFC-e (MOC 7.0 annex I; NT 2015.002, NT 2018.005, NT 2025.001)', () => {
  it('a signed on-line NFC-e with a version 2 QR-Code, and one with version 3, pass every ZX rule', () => {
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|2|2|1|${HASH}` }).view)).toEqual([]);
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|3|2` }).view)).toEqual([]);
  });

  it('an off-line NFC-e (tpEmis 9) with every version 2 parameter right passes (digVal in either hex)', () => {
    const ok = (dig: string) => signedNfce({ tpEmis: '9', qr: (k) => `${URL}${k}|2|2|10|10.00|${dig}|1|${HASH}` }).view;
    expect(ids(ok(asciiHex))).toEqual([]);
    expect(ids(ok(asciiHex.toUpperCase()))).toEqual([]);
  });

  it('ZX02-10 (394, MOC 7.0 ZX): a signed NFC-e without qrCode is refused; unsigned or NFF (tpEmis 3) is not judged', () => {
    expect(ids(signedNfce().view)).toEqual(['ZX02-10']);
    expect(ids(signedNfce({ signed: false }).view)).toEqual([]);
    expect(ids(signedNfce({ tpEmis: '3' }).view)).toEqual([]);
  });

  it('ZX02-15 (903, NT 2018.005): QR-Code version 100 after 30/09/2018 is refused', () => {
    const v1 = (k: string) => `https://x/qrcode?chNFe=${k}&nVersao=100&tpAmb=2&cIdToken=000001&cHashQRCode=${HASH}`;
    expect(ids(signedNfce({ qr: v1 }).view)).toEqual(['ZX02-15']);
  });

  it('ZX02-224/228 (396/397): the key, 1st parameter, missing or different from infNFe/@Id', () => {
    expect(ids(signedNfce({ qr: () => `${URL}|2|2|1|${HASH}` }).view)).toEqual(['ZX02-224']);
    const other = (k: string) => `${k.slice(0, 43)}${(Number(k[43]) + 1) % 10}`;
    expect(ids(signedNfce({ qr: (k) => `${URL}${other(k)}|2|2|1|${HASH}` }).view)).toEqual(['ZX02-228']);
  });

  it('ZX02-232/236 (396/398): the version, 2nd parameter, missing or not 2/3', () => {
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}||2|1|${HASH}` }).view)).toEqual(['ZX02-232']);
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|4|2|1|${HASH}` }).view)).toEqual(['ZX02-236']);
  });

  it('ZX02-240/244 (396/397): tpAmb, 3rd parameter, missing or different from ide/tpAmb', () => {
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|2||1|${HASH}` }).view)).toEqual(['ZX02-240']);
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|3|1` }).view)).toEqual(['ZX02-244']);
  });

  it('ZX02-260/268 (396/397): off-line, the day of issue (4th) missing or different from dhEmi', () => {
    const off = (day: string) =>
      ids(signedNfce({ tpEmis: '9', qr: (k) => `${URL}${k}|2|2|${day}|10.00|${asciiHex}|1|${HASH}` }).view);
    expect(off('')).toEqual(['ZX02-260']);
    expect(off('11')).toEqual(['ZX02-268']);
  });

  it('ZX02-272/276 (396/397): off-line, vNF (5th) missing or different from ICMSTot/vNF', () => {
    const off = (v: string) =>
      ids(signedNfce({ tpEmis: '9', qr: (k) => `${URL}${k}|2|2|10|${v}|${asciiHex}|1|${HASH}` }).view);
    expect(off('')).toEqual(['ZX02-272']);
    expect(off('10.01')).toEqual(['ZX02-276']);
    expect(off('10')).toEqual([]);
  });

  it('ZX02-288/292/296 (396/400/397): off-line v2, digVal (6th) missing, not hex, or not the signature digest', () => {
    const off = (dig: string) =>
      ids(signedNfce({ tpEmis: '9', qr: (k) => `${URL}${k}|2|2|10|10.00|${dig}|1|${HASH}` }).view);
    expect(off('')).toEqual(['ZX02-288']);
    expect(off('xyz')).toEqual(['ZX02-292']);
    expect(off('ab12')).toEqual(['ZX02-296']);
  });

  it('ZX02-300/312/316 (396/396/400): v2, the CSC id and the hash missing, the hash not hex', () => {
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|2|2||${HASH}` }).view)).toEqual(['ZX02-300']);
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|2|2|1` }).view)).toEqual(['ZX02-312']);
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|2|2|1|ZZ` }).view)).toEqual(['ZX02-316']);
  });

  it('nothing is judged without the NFe element in the view (a caller that builds the view from infNFe alone)', () => {
    const { view } = signedNfce({ qr: (k) => `${URL}${k}|4|1` });
    const bare = viewNfe(view.infNFe);
    expect(qrCodeRules.flatMap((r) => r.verificar(bare, ctx))).toEqual([]);
  });

  const SIG = 'aGVsbG8=';
  it('NT 2025.001: a v3 off-line QR-Code with the recipient (CPF, 6th/7th) and the signature (8th) passes; none without dest', () => {
    const cpf = '52998224725';
    expect(
      ids(signedNfce({ cpfDest: cpf, tpEmis: '9', qr: (k) => `${URL}${k}|3|2|10|10.00|2|${cpf}|${SIG}` }).view),
    ).toEqual([]);
    expect(ids(signedNfce({ tpEmis: '9', qr: (k) => `${URL}${k}|3|2|10|10.00|||${SIG}` }).view)).toEqual([]);
  });

  it('ZX02-222 (444, NT 2025.001 v1.03): QR-Code version 2 from an emitente pessoa física (CPF) is refused', () => {
    const qr = (k: string) => `${URL}${k}|2|2|1|${HASH}`;
    expect(ids(signedNfce({ emitCpf: '52998224725', qr }).view)).toEqual(['ZX02-222']);
    expect(ids(signedNfce({ emitCpf: '52998224725', qr: (k) => `${URL}${k}|3|2` }).view)).toEqual([]);
  });

  it('ZX02-324/326/328 (396/396/397, NT 2025.001 v1.03): v3 off-line, the recipient missing or different', () => {
    const cpf = '52998224725';
    const off = (six: string, seven: string, cpfDest?: string) =>
      ids(signedNfce({ cpfDest, tpEmis: '9', qr: (k) => `${URL}${k}|3|2|10|10.00|${six}|${seven}|${SIG}` }).view);
    expect(off('', cpf, cpf)).toEqual(['ZX02-324']);
    expect(off('2', '', cpf)).toEqual(['ZX02-326']);
    expect(off('2', '11144477735', cpf)).toEqual(['ZX02-328']);
    expect(off('2', cpf)).toEqual(['ZX02-328']);
  });

  it('ZX02-330/334 (445/474, NT 2025.001 v1.03): the v3 signature present on-line, absent off-line', () => {
    expect(ids(signedNfce({ qr: (k) => `${URL}${k}|3|2|10|10.00|||${SIG}` }).view)).toEqual(['ZX02-330']);
    expect(ids(signedNfce({ tpEmis: '9', qr: (k) => `${URL}${k}|3|2|10|10.00||` }).view)).toEqual(['ZX02-334']);
  });
});

// ZX02-20 (395, NT 2015.002 v1.30 and v1.41) and ZX03-20 (878, NT 2016.002 v1.61, facultativa, from 01/04/2019):
// the address of the QR-Code (before "?") and the urlChave must be those the UF publishes for the environment ("Para
// consultar as URLs por UF utilizadas no QR Code, acesse: http://nfce.encat.org/desenvolvedor/qrcode/"; "o uso
// diferenciado de maiúsculas ou minúsculas não deve ser considerado na validação"). Table: reference-data/nfce-urls-uf.tsv.
describe("ZX02-20 and ZX03-20: the UF's addresses for the environment (MOC 7.0 annex I, group ZX)", () => {
  const withTables: RuleContext = { ...ctx, tabelas };
  const urlRules = qrCodeRules.filter((r) => r.id === 'ZX02-20' || r.id === 'ZX03-20');
  const urlIds = (v: ReturnType<typeof signedNfce>['view'], c: RuleContext = withTables) =>
    urlRules.flatMap((r) => r.verificar(v, c).map(() => r.id));
  const onV2At = (url: string) => (k: string) => `${url}${k}|2|2|1|${HASH}`;

  it('SP in homologation with its QR-Code and consultation addresses passes, however the case, scheme, www or final / are written', () => {
    expect(urlIds(signedNfce({ qr: onV2At(URL) }).view)).toEqual([]);
    expect(urlIds(signedNfce({ qr: onV2At('HTTP://WWW.Homologacao.NFCe.Fazenda.SP.gov.br/QRCode/?p=') }).view)).toEqual(
      [],
    );
    expect(urlIds(signedNfce({ qr: onV2At('homologacao.nfce.fazenda.sp.gov.br/qrcode?p=') }).view)).toEqual([]);
    // A version 3 QR-Code is judged the same way (NT 2025.001 kept the addresses).
    expect(urlIds(signedNfce({ qr: (k) => `${URL}${k}|3|2` }).view)).toEqual([]);
  });

  it("ZX02-20: SP's production address in a homologation NFC-e, or another UF's address, is refused with 395", () => {
    const f = qrCodeRules
      .find((r) => r.id === 'ZX02-20')!
      .verificar(signedNfce({ qr: onV2At(SP_PROD) }).view, withTables);
    expect(f).toEqual([
      {
        campo: 'NFe/infNFeSupl/qrCode',
        esperado: 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode (endereço publicado para SP, homologação)',
        encontrado: 'https://www.nfce.fazenda.sp.gov.br/qrcode',
      },
    ]);
    const rj = 'http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode?p=';
    expect(urlIds(signedNfce({ qr: onV2At(rj) }).view)).toEqual(['ZX02-20']);
  });

  it('ZX02-20 leaves alone a version 100 QR-Code (its addresses predate the table) and a document without the table', () => {
    const v1 = (k: string) => `https://x/qrcode?chNFe=${k}&nVersao=100&tpAmb=2&cIdToken=000001&cHashQRCode=${HASH}`;
    expect(urlIds(signedNfce({ qr: v1 }).view)).toEqual([]);
    expect(urlIds(signedNfce({ qr: onV2At(SP_PROD) }).view, ctx)).toEqual([]);
  });

  it('no finding for a UF or environment the table does not list (precision before recall)', () => {
    const none: RuleContext = { ...ctx, tabelas: { ...tabelas, nfceUrls: () => undefined } };
    expect(urlIds(signedNfce({ qr: onV2At('https://example.com/qrcode?p=') }).view, none)).toEqual([]);
  });

  it('ZX03-20: a urlChave of another environment or UF is refused with 878; an address one public copy listed is kept', () => {
    const view = (urlChave: string) => {
      const v = signedNfce({ qr: onV2At(URL) }).view;
      child(child(v.nfe, 'infNFeSupl'), 'urlChave')!.text = urlChave;
      return v;
    };
    expect(urlIds(view('www.nfce.fazenda.sp.gov.br/consulta'))).toEqual(['ZX03-20']);
    expect(urlIds(view('www.fazenda.rj.gov.br/nfce/consulta'))).toEqual(['ZX03-20']);
    // nfephp's copy lists ".../NFCeConsultaPublica", Java_NFe's ".../consulta": both are accepted.
    expect(urlIds(view('https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica'))).toEqual([]);
    expect(urlIds(view('www.homologacao.nfce.fazenda.sp.gov.br/consulta'))).toEqual([]);
  });

  it('the bundled table gives every UF both addresses in both environments; a malformed line stops the loading', () => {
    const text = readFileSync(path.join(import.meta.dirname, '../../../reference-data/nfce-urls-uf.tsv'), 'utf8');
    const table = parseNfceUrls(text);
    expect(table.size).toBe(27 * 2 * 2);
    expect(table.get('SP|1|qrCode')?.atual).toBe('https://www.nfce.fazenda.sp.gov.br/qrcode');
    expect(nfceUrlKey('HTTPS://WWW.Sefaz.RS.gov.br/NFCE/NFCE-COM.aspx/?p=1')).toBe(
      'sefaz.rs.gov.br/nfce/nfce-com.aspx',
    );
    expect(() => parseNfceUrls(text.replace('\nSP\t1\tqrCode\t', '\nSP\t3\tqrCode\t'))).toThrow(/malformada/);
  });

  it('shapes of NFC-e SEFAZ authorised (bench corpus): MA in homologation (2021) and ES in production (2023) pass', () => {
    const at = (uf: string, tpAmb: '1' | '2', qrUrl: string, urlChave: string) => {
      const tree = sampleNfe({
        modelo: '65',
        emitente: { cnpj: '11222333000181', uf, crt: '1' },
        data: '2023-05-13',
        tpAmb,
        items: [{ vProd: '10.00', icms: { cst: '00', pICMS: '18' } }],
      });
      const infNFe = findInfNFe(tree)!;
      const k = infNFe.attrs.Id!.slice(3);
      tree.children.push(
        el('infNFeSupl', [el('qrCode', `${qrUrl}?p=${k}|2|${tpAmb}|1|${HASH}`), el('urlChave', urlChave)]),
      );
      tree.children.push(el('Signature', [el('SignedInfo', [])]));
      return Object.assign(viewNfe(infNFe), { nfe: tree as XNode });
    };
    const ma = at(
      'MA',
      '2',
      'http://www.hom.nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp',
      'www.sefaz.ma.gov.br/nfce/consulta',
    );
    const es = at(
      'ES',
      '1',
      'http://app.sefaz.es.gov.br/ConsultaNFCe/qrcode.aspx',
      'www.sefaz.es.gov.br/nfce/consulta',
    );
    expect(urlIds(ma)).toEqual([]);
    expect(urlIds(es)).toEqual([]);
  });
});

// The same rows as a table of cases run through validateNfeRules (the book as the route applies it): the sample is
// an unsigned NFC-e (no QR-Code yet: not judged), `alsoPasses` signs it with a right QR-Code, `breakIt` with the wrong
// one the row describes. conformance.test.ts reads these keys.
type Case = RuleCase;
const CPF = '52998224725';
const nfce = (cpfDest?: string): SampleNfe => ({
  modelo: '65',
  emitente: { cnpj: '11222333000181', uf: 'SP', crt: '3' },
  ...(cpfDest ? { destinatario: { cpf: cpfDest, uf: 'SP', contribuinte: false } } : {}),
  data: '2026-10-10',
  tpAmb: '2',
  items: [{ vProd: '10.00', icms: { cst: '00', pICMS: '18' } }],
});
/** Signs the NFC-e as signedNfce does, with the QR-Code built from its key (none when `qr` is null). */
const signWith =
  (qr: ((k: string) => string) | null, o: { tpEmis?: string; emitCpf?: string; urlChave?: string } = {}) =>
  (tree: XNode) => {
    const infNFe = findInfNFe(tree)!;
    if (o.tpEmis) child(child(infNFe, 'ide'), 'tpEmis')!.text = o.tpEmis;
    if (o.emitCpf) Object.assign(child(child(infNFe, 'emit'), 'CNPJ')!, { name: 'CPF', text: o.emitCpf });
    const k = infNFe.attrs.Id!.slice(3);
    if (qr) tree.children.push(el('infNFeSupl', [el('qrCode', qr(k)), el('urlChave', o.urlChave ?? CHAVE)]));
    tree.children.push(
      el('Signature', [el('SignedInfo', [el('Reference', [el('DigestValue', DIGEST)], { URI: `#NFe${k}` })])]),
    );
  };
const onV2 = (k: string) => `${URL}${k}|2|2|1|${HASH}`;
const offV2 = (day: string, vNF: string, dig: string) => (k: string) => `${URL}${k}|2|2|${day}|${vNF}|${dig}|1|${HASH}`;
const offV3 =
  (six: string, seven: string, sig = 'aGVsbG8=') =>
  (k: string) =>
    `${URL}${k}|3|2|10|10.00|${six}|${seven}|${sig}`;
const off = { tpEmis: '9' };
const nextKey = (k: string) => `${k.slice(0, 43)}${(Number(k[43]) + 1) % 10}`;
const v1 = (k: string) => `https://x/qrcode?chNFe=${k}&nVersao=100&tpAmb=2&cIdToken=000001&cHashQRCode=${HASH}`;

const cases: Record<string, Case> = {
  'ZX02-10': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith(null) },
  'ZX02-20': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${SP_PROD}${k}|2|2|1|${HASH}`) },
  'ZX03-20': {
    sample: nfce(),
    alsoPasses: signWith(onV2),
    breakIt: signWith(onV2, { urlChave: 'www.nfce.fazenda.sp.gov.br/consulta' }),
  },
  'ZX02-15': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith(v1) },
  'ZX02-222': {
    sample: nfce(),
    alsoPasses: signWith((k) => `${URL}${k}|3|2`, { emitCpf: CPF }),
    breakIt: signWith(onV2, { emitCpf: CPF }),
  },
  'ZX02-224': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith(() => `${URL}|2|2|1|${HASH}`) },
  'ZX02-228': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => onV2(nextKey(k))) },
  'ZX02-232': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${URL}${k}||2|1|${HASH}`) },
  'ZX02-236': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${URL}${k}|4|2|1|${HASH}`) },
  'ZX02-240': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${URL}${k}|2||1|${HASH}`) },
  'ZX02-244': {
    sample: nfce(),
    alsoPasses: signWith((k) => `${URL}${k}|3|2`),
    breakIt: signWith((k) => `${URL}${k}|3|1`),
  },
  'ZX02-260': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10.00', asciiHex), off),
    breakIt: signWith(offV2('', '10.00', asciiHex), off),
  },
  'ZX02-268': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10.00', asciiHex), off),
    breakIt: signWith(offV2('11', '10.00', asciiHex), off),
  },
  'ZX02-272': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10', asciiHex), off),
    breakIt: signWith(offV2('10', '', asciiHex), off),
  },
  'ZX02-276': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10.00', asciiHex), off),
    breakIt: signWith(offV2('10', '10.01', asciiHex), off),
  },
  'ZX02-288': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10.00', asciiHex), off),
    breakIt: signWith(offV2('10', '10.00', ''), off),
  },
  'ZX02-292': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10.00', asciiHex.toUpperCase()), off),
    breakIt: signWith(offV2('10', '10.00', 'xyz'), off),
  },
  'ZX02-296': {
    sample: nfce(),
    alsoPasses: signWith(offV2('10', '10.00', asciiHex), off),
    breakIt: signWith(offV2('10', '10.00', 'ab12'), off),
  },
  'ZX02-300': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${URL}${k}|2|2||${HASH}`) },
  'ZX02-312': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${URL}${k}|2|2|1`) },
  'ZX02-316': { sample: nfce(), alsoPasses: signWith(onV2), breakIt: signWith((k) => `${URL}${k}|2|2|1|ZZ`) },
  'ZX02-324': { sample: nfce(CPF), alsoPasses: signWith(offV3('2', CPF), off), breakIt: signWith(offV3('', CPF), off) },
  'ZX02-326': { sample: nfce(CPF), alsoPasses: signWith(offV3('2', CPF), off), breakIt: signWith(offV3('2', ''), off) },
  'ZX02-328': {
    sample: nfce(CPF),
    alsoPasses: signWith(offV3('2', CPF), off),
    breakIt: signWith(offV3('2', '11144477735'), off),
  },
  'ZX02-330': { sample: nfce(), alsoPasses: signWith((k) => `${URL}${k}|3|2`), breakIt: signWith(offV3('', '')) },
  'ZX02-334': { sample: nfce(), alsoPasses: signWith(offV3('', ''), off), breakIt: signWith(offV3('', '', ''), off) },
};

const agora = new Date('2026-10-11T12:00:00-03:00');
const found = (tree: XNode, id: string) => {
  const r = validateNfeRules(tree, { tabelas, agora });
  return [...r.rejeicoes, ...r.alertas].filter((f) => f.regra === id);
};

describe('group ZX through the rule book: a positive and a negative case each', () => {
  it('every ZX rule of the book has its case, and every case is a rule of the book', () => {
    expect(qrCodeRules.map((r) => r.id).filter((id) => !cases[id])).toEqual([]);
    expect(Object.keys(cases).filter((id) => !RULE_BOOK.some((r) => r.id === id))).toEqual([]);
  });

  eachRuleCase(qrCodeRules, cases, found);

  it("the requirements (qrCode, urlChave in the NFe's infNFeSupl) are met by each positive and hide no finding", () => {
    expect(positivesSkipped(cases)).toEqual([]);
    expect(hiddenByRequirements(cases, { tabelas, agora })).toEqual([]);
  });
});
