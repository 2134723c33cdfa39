import type { TNfeValidationResponse } from '@app/contract';
import { el, nodeToXml, type SampleNfe, sampleNfe, type XNode } from '@app/tax-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createUser } from '../../db/factories.js';

// POST /nfe/validate (issue 36): the XML as the raw body, every rejection of the official schema (MOC 7.0 rule D01,
// code 225) and of the rule book (MOC 7.0 annex I, NT 2025.002) in force on the date, on a fresh database with the
// official tables loaded (NCM Siscomex, Receita's CBS/IBS calculator data).
const URL = '/v1/public/nfe/validate';
let ctx: TestContext;
let auth: Record<string, string>;

const emitente = { cnpj: '11222333000181', uf: 'SP', crt: '3' } as const;
const base: SampleNfe = {
  emitente,
  destinatario: { cnpj: '11444777000161', uf: 'SP', contribuinte: true },
  data: '2026-10-10',
  items: [
    {
      vProd: '1000.00',
      icms: { cst: '00', pICMS: '18' },
      ipi: { pIPI: '10' },
      pisCofins: { pPIS: '1.65', pCOFINS: '7.6' },
      ibscbs: { cst: '000', cClassTrib: '000001' },
    },
  ],
};
const xmlOf = (s: SampleNfe, edit?: (t: XNode) => void) => {
  const t = sampleNfe(s);
  edit?.(t);
  return `<?xml version="1.0" encoding="UTF-8"?>${nodeToXml(t)}`;
};
const post = (payload: string | Buffer, headers: Record<string, string> = {}, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: URL + query,
    headers: { ...auth, 'content-type': 'application/xml', ...headers },
    payload,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
  await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', status: 'Active' });
});

describe('POST /nfe/validate: valid documents of varied shapes get no rejection', () => {
  const shapes: [string, SampleNfe][] = [
    ['intra-state, IPI, PIS/COFINS, IBS/CBS', base],
    [
      'interstate with ST',
      {
        ...base,
        destinatario: { cnpj: '11444777000161', uf: 'RJ', contribuinte: true },
        items: [
          {
            vProd: '300.00',
            icms: { cst: '10', pICMS: '12', st: { pMVAST: '40', pICMSST: '20' } },
            ibscbs: { cst: '000', cClassTrib: '000001' },
          },
        ],
      },
    ],
    [
      'DIFAL to a consumer',
      {
        ...base,
        destinatario: { cpf: '52998224725', uf: 'BA', contribuinte: false },
        items: [
          {
            vProd: '500.00',
            icms: { cst: '00', pICMS: '7' },
            difal: { pICMSUFDest: '20.5', pICMSInter: '7', pFCPUFDest: '0' },
            ibscbs: { cst: '000', cClassTrib: '000001' },
          },
        ],
      },
    ],
    [
      'Simples Nacional',
      {
        ...base,
        emitente: { ...emitente, crt: '1' },
        items: [
          { vProd: '80.00', icms: { csosn: '102' } },
          { vProd: '20.00', icms: { csosn: '500' } },
        ],
      },
    ],
    [
      'IBS/CBS with reduction',
      {
        ...base,
        items: [
          {
            vProd: '1234.56',
            icms: { cst: '20', pICMS: '18', pRedBC: '33.33' },
            ibscbs: { cst: '200', cClassTrib: '200034', pRedAliq: '60' },
          },
        ],
      },
    ],
    [
      'IBS/CBS deferred',
      {
        ...base,
        items: [
          {
            vProd: '999.99',
            icms: { cst: '00', pICMS: '18' },
            ibscbs: { cst: '515', cClassTrib: '515001', pRedAliq: '60', pDif: '100' },
          },
        ],
      },
    ],
    [
      'NFC-e',
      {
        ...base,
        modelo: '65',
        destinatario: undefined,
        items: [{ vProd: '30.00', icms: { cst: '00', pICMS: '18' }, ibscbs: { cst: '000', cClassTrib: '000001' } }],
      },
    ],
  ];
  it.each(shapes)('%s', async (_, shape) => {
    const res = await post(xmlOf(shape));
    expect(res.statusCode).toBe(200);
    const body = res.json<TNfeValidationResponse>();
    expect(body.rejeicoes).toEqual([]);
    expect(body).toMatchObject({ valida: true, assinada: false, regras: { data: '2026-10-10', ambiente: 'producao' } });
    expect(body.regras.esquema).toContain('PL_010');
    expect(body.chave).toMatch(/^\d{44}$/);
  });

  it('an nfeProc (authorised NF-e with its protocol) is validated by its NFe', async () => {
    const nfe = xmlOf(base).replace('<?xml version="1.0" encoding="UTF-8"?>', '');
    const proc = `<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">${nfe}<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb></infProt></protNFe></nfeProc>`;
    const res = await post(proc);
    expect(res.statusCode).toBe(200);
    expect(res.json<TNfeValidationResponse>().rejeicoes).toEqual([]);
  });
});

describe('POST /nfe/validate: every rejection, with code, rule and field', () => {
  it('schema error (225, the path of the element), a total (W04-10) and the vNF (W16-10) together', async () => {
    const xml = xmlOf(base, (t) => {
      const tot = t.children[0]!.children.find((c) => c.name === 'total')!.children[0]!;
      tot.children.find((c) => c.name === 'vICMS')!.text = '181.00';
      tot.children.find((c) => c.name === 'vNF')!.text = '1200.00';
      const prod = t.children[0]!.children.find((c) => c.name === 'det')!.children[0]!;
      prod.children.find((c) => c.name === 'xProd')!.text = '';
    });
    const body = (await post(xml)).json<TNfeValidationResponse>();
    expect(body.valida).toBe(false);
    const byRule = Object.fromEntries(body.rejeicoes.map((r) => [r.regra, r]));
    expect(byRule['W04-10']).toMatchObject({
      codigo: '532',
      campo: 'NFe/infNFe/total/ICMSTot/vICMS',
      esperado: '180.00',
      encontrado: '181.00',
    });
    expect(byRule['W16-10']).toMatchObject({ codigo: '610', esperado: '1100.00', encontrado: '1200.00' });
    expect(byRule.D01).toMatchObject({ codigo: '225', campo: 'NFe/infNFe/det[nItem=1]/prod/xProd', nItem: 1 });
    expect(byRule['W04-10']!.fonte).toMatchObject({ documento: 'MOC 7.0 Anexo I' });
  });

  it('the CST and cClassTrib indicators of the calculator data reach the rule book (NT 2025.002 v1.31 p. 33, 44–46)', async () => {
    // One item per row, each against an indicator the server reads from its reference snapshot: CST 000
    // ind_gIBSCBSMono 0 (UB13-39) and ind_gTransfCred 0 (UB13-44); CST 800 ind_gTransfCred 1 (UB13-45); CST 811
    // ind_gAjusteCompet 1 (UB112-20); cClassTrib 410026 ind_gEstornoCred 1 (UB116-20); cClassTrib 000001
    // ind_gCredPresOper 0 (UB120-20); CST 810 ind_gCredPresIBSZFM 1 (UB131-30).
    const item = { vProd: '100.00', icms: { cst: '00', pICMS: '18' }, ibscbs: { cst: '000', cClassTrib: '000001' } };
    const group = (name: string, fields: [string, string][]) =>
      el(
        name,
        fields.map(([k, v]) => el(k, v)),
      );
    const xml = xmlOf({ ...base, items: Array.from({ length: 7 }, () => item) }, (t) => {
      const ibscbs = t.children[0]!.children.filter((c) => c.name === 'det').map(
        (d) => d.children.find((c) => c.name === 'imposto')!.children.find((c) => c.name === 'IBSCBS')!,
      );
      const retype = (n: number, cst: string, cClassTrib: string, replacement?: XNode) => {
        const g = ibscbs[n - 1]!;
        g.children.find((c) => c.name === 'CST')!.text = cst;
        g.children.find((c) => c.name === 'cClassTrib')!.text = cClassTrib;
        g.children = g.children.filter((c) => c.name !== 'gIBSCBS');
        if (replacement) g.children.push(replacement);
      };
      retype(1, '000', '000001', group('gIBSCBSMono', [['vTotIBSMonoItem', '1.00']]));
      retype(
        2,
        '000',
        '000001',
        group('gTransfCred', [
          ['vIBS', '1.00'],
          ['vCBS', '9.00'],
        ]),
      );
      retype(3, '800', '800001');
      retype(4, '811', '811001');
      retype(5, '410', '410026');
      ibscbs[5]!.children.push(el('gCredPresOper', [el('vBCCredPres', '100.00'), el('cCredPres', '01')]));
      retype(7, '810', '810001');
    });
    const body = (await post(xml)).json<TNfeValidationResponse>();
    const byRule = (id: string) => body.rejeicoes.filter((r) => r.regra === id).map((r) => [r.codigo, r.nItem]);
    expect(byRule('UB13-39')).toEqual([['1151', 1]]);
    expect(byRule('UB13-44')).toEqual([['1131', 2]]);
    expect(byRule('UB13-45')).toEqual([['1132', 3]]);
    expect(byRule('UB112-20')).toEqual([['1170', 4]]);
    expect(byRule('UB116-20')).toEqual([['1173', 5]]);
    expect(byRule('UB120-20')).toEqual([['1175', 6]]);
    expect(byRule('UB131-30')).toEqual([['1135', 7]]);
  });

  it('schema findings stop at 200 however many values are broken', async () => {
    const many: SampleNfe = {
      ...base,
      items: Array.from({ length: 250 }, () => ({ vProd: '10.00', icms: { cst: '40' } })),
    };
    const body = (await post(xmlOf(many).replaceAll('<xProd>', '<xProd>   '))).json<TNfeValidationResponse>();
    expect(body.rejeicoes.filter((r) => r.codigo === '225')).toHaveLength(200);
  });

  it('?data=AAAA-MM-DD validates under another date: in 2025 (PL_009) the IBS/CBS groups are schema errors', async () => {
    const res = await post(xmlOf(base), {}, '?data=2025-03-01');
    const body = res.json<TNfeValidationResponse>();
    expect(body.regras).toMatchObject({ data: '2025-03-01', versao: 'MOC 7.0 Anexo I' });
    expect(body.regras.esquema).toContain('PL_009');
    expect(
      body.rejeicoes
        .filter((r) => r.codigo === '225')
        .map((r) => r.encontrado)
        .join(' '),
    ).toContain('IBSCBS');
    expect((await post(xmlOf(base), {}, '?data=10/03/2026')).statusCode).toBe(400);
  });

  it('an issue date far from now is an alert (B09-20), not a rejection', async () => {
    const body = (await post(xmlOf({ ...base, data: '2026-01-10', items: base.items }))).json<TNfeValidationResponse>();
    expect(body.alertas.map((a) => a.regra)).toContain('B09-20');
    expect(body.rejeicoes.some((r) => r.regra === 'B09-20')).toBe(false);
  });

  it('a signed document is reported as signed (the signature itself is not verified here)', async () => {
    const xml = xmlOf(base, (t) => t.children.push(el('Signature', [])));
    const body = (await post(xml)).json<TNfeValidationResponse>();
    expect(body.assinada).toBe(true);
    // An empty ds:Signature is not the xmldsig structure: the schema says so.
    expect(body.rejeicoes.some((r) => r.codigo === '225')).toBe(true);
  });
});

describe('POST /nfe/validate: bodies that are not an NF-e', () => {
  it.each([
    ['not XML', 400, 'isto não é XML', 'XML'],
    [
      'a DOCTYPE (entities off)',
      400,
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><NFe>&e;</NFe>',
      'DOCTYPE',
    ],
    ['another document', 400, '<cteProc><CTe/></cteProc>', 'não é uma NF-e'],
    ['empty', 400, '', 'vazio'],
  ])('%s → %i in Portuguese', async (_, status, payload, words) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(words);
  });

  it('a fault the tree scanner lets through (a control character) is refused by libxml2 → 400 (decision 070)', async () => {
    const res = await post(xmlOf(base).replace('<xProd>', '<xProd>\u0001'));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('bem formado');
  });

  it('a model other than 55/65 → 400 naming the model', async () => {
    const res = await post(xmlOf(base).replace('<mod>55</mod>', '<mod>57</mod>'));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('modelo 57');
  });

  it('another content type → 415 naming application/xml; JSON too', async () => {
    for (const type of ['text/plain', 'application/json']) {
      const res = await post(type === 'application/json' ? '{"a":1}' : xmlOf(base), { 'content-type': type });
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toContain('application/xml');
    }
  });

  it("a body between the server-wide 2 MB and this route's 5 MB is accepted", async () => {
    const res = await post(`${xmlOf(base)}<!--${'x'.repeat(3 * 1024 * 1024)}-->`);
    expect(res.statusCode).toBe(200);
    expect(res.json<TNfeValidationResponse>().valida).toBe(true);
  });

  it('more than 5 MB → 413', async () => {
    const res = await post(Buffer.alloc(5 * 1024 * 1024 + 10, 0x20));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toContain('5 MB');
  });

  it('not UTF-8 → 400', async () => {
    const res = await post(Buffer.from([0x3c, 0x4e, 0x46, 0x65, 0xff, 0xfe, 0x3e]));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('UTF-8');
  });

  it('anonymous → 401; an API key is accepted like a session', async () => {
    const anon = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/xml' },
      payload: xmlOf(base),
    });
    expect(anon.statusCode).toBe(401);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/api-keys',
      headers: auth,
      payload: { name: 'ERP' },
    });
    expect(created.statusCode).toBe(201);
    const res = await post(xmlOf(base), bearer(created.json<{ key: string }>().key));
    expect(res.statusCode).toBe(200);
    expect(res.json<TNfeValidationResponse>().valida).toBe(true);
  });
});
