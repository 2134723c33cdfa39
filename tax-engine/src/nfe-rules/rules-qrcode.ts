import { type NfceUrlKind, nfceUrlKey } from './nfce-urls-table.js';
import type { NfeView } from './nfe-view.js';
import { mocRule } from './rule-factory.js';
import { ufByCode } from './rules-ide.js';
import type { Finding, Rule, RuleContext } from './types.js';
import { child, text, type XNode } from './xml-node.js';

/**
 * Group ZX of MOC 7.0 annex I (infNFeSupl: the NFC-e's QR-Code): the rows of QR-Code version 2 (NT 2015.002, NT
 * 2018.005: each parameter by its position in `?p=`) and NT 2025.001 v1.03's rows for "versão 2 ou 3" and version 3
 * (item 04: `chave|3|tpAmb` on-line, `chave|3|tpAmb|dia|vNF|tp_idDest|idDest|assinatura` off-line). infNFeSupl and
 * Signature are siblings of infNFe: the rules read them from the NFe element the view carries as `nfe`, and
 * judge nothing without it — nor on an unsigned document, where the group does not exist yet (it is written at
 * signing). The CSC's hash stays out; the UF URLs (ZX02-20, ZX03-20) are read in the table the caller passes.
 */

/** The QR-Code of a signed NFC-e split into its parameters (version 2 or 3: `…?p=p1|p2|…`). */
interface QrParams {
  params: string[];
  versao: string;
  offline: boolean;
  path: string;
  /** The URL before the parameters ("https://…/qrcode"), the address ZX02-20 compares. */
  url: string;
}

const QR_PATH = 'NFe/infNFeSupl/qrCode';

function qrOf(d: NfeView): { nfe: XNode; qr: string | undefined } | null {
  const nfe = d.nfe;
  if (!nfe || !child(nfe, 'Signature')) return null;
  return { nfe, qr: text(nfe, 'infNFeSupl/qrCode') };
}

/** Each document's QR-Code parameters, split once for the 24 rules that read them (an NFC-e is judged by all). */
const parsed = new WeakMap<NfeView, QrParams | null>();

/** The `p=` parameters of a version 2/3 QR-Code; null for a version 1 URL (chNFe=…&nVersao=100) or none. */
function paramsOf(d: NfeView): QrParams | null {
  let p = parsed.get(d);
  if (p !== undefined) return p;
  p = null;
  const q = qrOf(d)?.qr;
  const at = q ? q.search(/[?&]p=/i) : -1;
  if (q && at >= 0) {
    const params = q.slice(at + 3).split('|');
    p = { params, versao: params[1] ?? '', offline: text(d.ide, 'tpEmis') === '9', path: QR_PATH, url: q.slice(0, at) };
  }
  parsed.set(d, p);
  return p;
}

const hex = /^[0-9a-fA-F]+$/;
const v2or3 = (p: QrParams) => p.versao === '2' || p.versao === '3';
const param = (p: QrParams, n: number) => p.params[n - 1]?.trim() ?? '';

/** Positions of the version 2 parameters by mode (rows ZX02-260 to ZX02-316). */
const V2 = { online: { cIdToken: 4, hash: 5 }, offline: { dia: 4, vNF: 5, digVal: 6, cIdToken: 7, hash: 8 } };

const fonte = {
  documento: 'MOC 7.0 Anexo I',
  versao: '7.00 (NT 2015.002, NT 2018.005, NT 2025.001)',
  secao: 'Regras de Validação, grupo ZX (infNFeSupl)',
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=ndIjl+iEFdE=',
};

const INEXISTENTE = 'Parâmetro do QR-Code inexistente: [Nome do parâmetro do QR Code: xxx)]';
const DIVERGENTE = 'Parâmetro do QR-Code divergente da Nota Fiscal: [Nome do parâmetro do QR Code:: xxx)]';
const NAO_HEX = 'Parâmetro do QR-Code não está no formato hexadecimal: [Nome do parâmetro do QR Code: xxx)]';

/** A ZX row on the QR-Code's parameters: runs only on a signed NFC-e with a `p=` QR-Code. */
const zx = (
  id: string,
  codigo: string,
  mensagem: string,
  descricao: string,
  bad: (p: QrParams, d: NfeView, ctx: RuleContext) => Finding | null,
): Rule => ({
  ...mocRule(id, codigo, mensagem, 'ZX', ['65'], 'obrigatoria', descricao, (d, ctx) => {
    const p = paramsOf(d);
    const f = p ? bad(p, d, ctx) : null;
    return f ? [f] : [];
  }),
  fonte,
});

/** Finding for the parameter at position n (named as the manual names it). */
const at = (p: QrParams, n: number, nome: string, esperado: string): Finding => ({
  campo: `${p.path} (${nome}, ${n}º parâmetro)`,
  esperado,
  encontrado: param(p, n) || '(ausente)',
});

const missing = (p: QrParams, n: number, nome: string, when: boolean) =>
  when && param(p, n) === '' ? at(p, n, nome, `parâmetro ${nome} informado`) : null;

/** Hex of each character of the base64 DigestValue (the manual's digVal), or of the digest's bytes: both accepted. */
function digestHexes(b64: string): string[] {
  const ascii = [...b64].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  let bytes = '';
  try {
    bytes = [...atob(b64)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  } catch {
    // not base64: only the characters' hex is accepted
  }
  return [ascii, bytes];
}

/**
 * NT 2025.001's rows (v1.03, rules ZX02-222 to ZX02-334): applied from 08/09/2025, the NT's date for homologation and
 * production ("ou data prevista na própria RV"; a late start only costs recall).
 */
const nt2025001 = { producao: { desde: '2025-09-08' }, homologacao: { desde: '2025-09-08' } };
const fonteNt2025001 = {
  documento: 'NT 2025.001',
  versao: '1.03',
  secao: 'Regras de Validação, grupo ZX; item 04 (URL do QR Code, versão 3)',
  url: 'https://www.nfe.fazenda.gov.br/portal/listaConteudo.aspx?tipoConteudo=04BIflQt1aY=',
};
const zx3 = (...a: Parameters<typeof zx>): Rule => ({ ...zx(...a), vigencia: nt2025001, fonte: fonteNt2025001 });

/** The NFC-e's recipient identification (CNPJ, CPF or idEstrangeiro), '' when dest is absent or names none. */
const destId = (d: NfeView) => text(d.dest, 'CNPJ') || text(d.dest, 'CPF') || text(d.dest, 'idEstrangeiro') || '';

const cents = (v: string) => (/^\d+(\.\d+)?$/.test(v) ? Math.round(Number(v) * 100) : null);

/**
 * ZX02-20 and ZX03-20: the addresses the UF publishes for the environment, from the table the caller passes
 * (NfeTables.nfceUrls: reference-data/nfce-urls-uf.tsv, every address its two public copies of the Portal da NFC-e's
 * list ever listed). The UF is the key's (ide/cUF, the authorising UF), the environment ide/tpAmb. No finding without
 * the table, for a UF or environment it does not list, or where the address is any one the copies listed (precision
 * before recall: a UF that moved its address may still accept the old one). Compared as `nfceUrlKey` writes it.
 */
function urlFinding(d: NfeView, ctx: RuleContext, tipo: NfceUrlKind, url: string, campo: string): Finding | null {
  const t = ctx.tabelas;
  const tpAmb = text(d.ide, 'tpAmb');
  const uf = ufByCode.get(text(d.ide, 'cUF') ?? '');
  if (!t?.nfceUrls || !uf || (tpAmb !== '1' && tpAmb !== '2')) return null;
  const urls = t.nfceUrls(uf, tpAmb, tipo);
  if (!urls || urls.aceitos.has(nfceUrlKey(url))) return null;
  const ambiente = tpAmb === '1' ? 'produção' : 'homologação';
  return { campo, esperado: `${urls.atual} (endereço publicado para ${uf}, ${ambiente})`, encontrado: url };
}

const fonteUrls = {
  ...fonte,
  versao: '7.00 (NT 2015.002 v1.30 e v1.41; lista de URLs por UF do Portal da NFC-e, nfce.encat.org)',
  secao: 'Regras de Validação, grupo ZX (ZX02-20: a nota manda ignorar maiúsculas e minúsculas)',
};
const fonteUrlChave = {
  ...fonte,
  versao: '7.00 (NT 2016.002 v1.61; lista de URLs por UF do Portal da NFC-e, nfce.encat.org)',
  secao: 'Regras de Validação, grupo ZX (ZX03-20: facultativa por UF, vigente a partir de 01/04/2019)',
};

export const qrCodeRules: Rule[] = [
  {
    ...mocRule(
      'ZX02-10',
      '394',
      'Nota Fiscal sem a informação do QR-Code',
      'ZX',
      ['65'],
      'obrigatoria',
      'NFC-e assinada sem infNFeSupl/qrCode (não na NFF, tpEmis 3; em produção, desde 01/04/2016).',
      (d) => {
        const q = qrOf(d);
        if (!q || q.qr !== undefined || text(d.ide, 'tpEmis') === '3') return [];
        return [{ campo: QR_PATH, esperado: 'QR-Code da NFC-e', encontrado: '(ausente)' }];
      },
    ),
    vigencia: { producao: { desde: '2016-04-01' }, homologacao: { desde: null } },
    fonte,
  },
  {
    ...mocRule(
      'ZX02-15',
      '903',
      'Versão informada no QR-Code (“100”) não é mais válida para a data de emissão',
      'ZX',
      ['65'],
      'obrigatoria',
      'QR-Code versão 100 (nVersao=100) em NFC-e emitida depois de 30/09/2018.',
      (d) => {
        const q = qrOf(d)?.qr;
        if (!q || !/[?&]nVersao=100(&|$)/i.test(q) || !d.emissao || d.emissao <= '2018-09-30') return [];
        return [{ campo: QR_PATH, esperado: 'QR-Code versão 2 ou 3', encontrado: 'nVersao=100' }];
      },
    ),
    fonte,
  },
  {
    ...mocRule(
      'ZX02-20',
      '395',
      'Endereço do site da UF da Consulta via QR-Code diverge do previsto',
      'ZX',
      ['65'],
      'obrigatoria',
      'URL do QR-Code v2/v3 (antes do "?") fora dos endereços publicados para a UF do cUF e o ambiente (tabela nfce-urls-uf.tsv; maiúsculas, http/https, "www." e "/" final não contam). Sem entrada da UF e do ambiente na tabela, ou QR-Code versão 100, não rejeita.',
      (d, ctx) => {
        const p = paramsOf(d);
        const f = p && v2or3(p) ? urlFinding(d, ctx, 'qrCode', p.url, QR_PATH) : null;
        return f ? [f] : [];
      },
    ),
    // "Regra de Validação opcional até 01/11/2016, a critério da UF": applied from then on.
    vigencia: { producao: { desde: '2016-11-01' }, homologacao: { desde: '2016-11-01' } },
    fonte: fonteUrls,
    tabelas: ['nfce-urls'],
    requer: ['qrCode'],
  },
  zx('ZX02-224', '396', INEXISTENTE, 'QR-Code v2/v3 sem a chave de acesso (1º parâmetro).', (p) =>
    missing(p, 1, 'chave de acesso', v2or3(p)),
  ),
  zx(
    'ZX02-228',
    '397',
    DIVERGENTE,
    'Chave de acesso do QR-Code v2/v3 (1º parâmetro) difere da do Id de infNFe.',
    (p, d) => {
      const id = d.infNFe.attrs.Id ?? '';
      const chave = id.startsWith('NFe') ? id.slice(3) : '';
      const got = param(p, 1);
      return v2or3(p) && chave && got && got !== chave ? at(p, 1, 'chave de acesso', chave) : null;
    },
  ),
  zx('ZX02-232', '396', INEXISTENTE, 'QR-Code sem a versão (2º parâmetro).', (p) => missing(p, 2, 'versão', true)),
  zx(
    'ZX02-236',
    '398',
    'Parâmetro Versão informada no QR-Code diverge do previsto (“2”)',
    'Versão do QR-Code (2º parâmetro) diferente de 2 ou 3 (3: NT 2025.001).',
    (p) => (p.versao !== '' && !v2or3(p) ? at(p, 2, 'versão', '2 ou 3') : null),
  ),
  zx('ZX02-240', '396', INEXISTENTE, 'QR-Code v2/v3 sem o tipo de ambiente (3º parâmetro).', (p) =>
    missing(p, 3, 'tpAmb', v2or3(p)),
  ),
  zx('ZX02-244', '397', DIVERGENTE, 'Tipo de ambiente do QR-Code v2/v3 (3º parâmetro) difere de ide/tpAmb.', (p, d) => {
    const tpAmb = text(d.ide, 'tpAmb');
    const got = param(p, 3);
    return v2or3(p) && tpAmb && got && got !== tpAmb ? at(p, 3, 'tpAmb', tpAmb) : null;
  }),
  zx('ZX02-260', '396', INEXISTENTE, 'NFC-e off-line (tpEmis 9), QR-Code v2/v3 sem o dia da emissão (4º).', (p) =>
    missing(p, 4, 'dia da emissão', v2or3(p) && p.offline),
  ),
  zx(
    'ZX02-268',
    '397',
    DIVERGENTE,
    'NFC-e off-line, dia da emissão do QR-Code v2/v3 (4º) difere do de dhEmi.',
    (p, d) => {
      const day = d.emissao?.slice(8, 10);
      const got = param(p, 4);
      if (!v2or3(p) || !p.offline || !day || !/^\d{1,2}$/.test(got)) return null;
      return Number(got) !== Number(day) ? at(p, 4, 'dia da emissão', day) : null;
    },
  ),
  zx('ZX02-272', '396', INEXISTENTE, 'NFC-e off-line, QR-Code v2/v3 sem o valor da nota (5º parâmetro).', (p) =>
    missing(p, 5, 'vNF', v2or3(p) && p.offline),
  ),
  zx('ZX02-276', '397', DIVERGENTE, 'NFC-e off-line, valor do QR-Code v2/v3 (5º) difere de ICMSTot/vNF.', (p, d) => {
    const vNF = text(d.icmsTot, 'vNF');
    const want = vNF === undefined ? null : cents(vNF);
    const got = cents(param(p, 5));
    return v2or3(p) && p.offline && want !== null && got !== null && got !== want ? at(p, 5, 'vNF', vNF!) : null;
  }),
  zx('ZX02-288', '396', INEXISTENTE, 'NFC-e off-line, QR-Code v2 sem o DigestValue (6º parâmetro).', (p) =>
    missing(p, V2.offline.digVal, 'digVal', p.versao === '2' && p.offline),
  ),
  zx('ZX02-292', '400', NAO_HEX, 'NFC-e off-line, DigestValue do QR-Code v2 (6º) fora do formato hexadecimal.', (p) => {
    const got = param(p, V2.offline.digVal);
    return p.versao === '2' && p.offline && got && !hex.test(got) ? at(p, 6, 'digVal', 'hexadecimal') : null;
  }),
  zx(
    'ZX02-296',
    '397',
    DIVERGENTE,
    'NFC-e off-line, DigestValue do QR-Code v2 (6º) difere do da assinatura.',
    (p, d) => {
      const got = param(p, V2.offline.digVal).toLowerCase();
      const digest = text(child(d.nfe, 'Signature'), 'SignedInfo/Reference/DigestValue');
      if (p.versao !== '2' || !p.offline || !digest || !got || !hex.test(got)) return null;
      const ok = digestHexes(digest);
      return ok.includes(got) ? null : at(p, 6, 'digVal', ok[0]!);
    },
  ),
  zx('ZX02-300', '396', INEXISTENTE, 'QR-Code v2 sem o identificador do CSC (4º on-line, 7º off-line).', (p) => {
    if (p.versao !== '2') return null;
    return missing(p, p.offline ? V2.offline.cIdToken : V2.online.cIdToken, 'cIdToken', true);
  }),
  zx('ZX02-312', '396', INEXISTENTE, 'QR-Code v2 sem o hash (5º on-line, 8º off-line).', (p) => {
    if (p.versao !== '2') return null;
    return missing(p, p.offline ? V2.offline.hash : V2.online.hash, 'hash', true);
  }),
  zx('ZX02-316', '400', NAO_HEX, 'Hash do QR-Code v2 (5º on-line, 8º off-line) fora do formato hexadecimal.', (p) => {
    if (p.versao !== '2') return null;
    const n = p.offline ? V2.offline.hash : V2.online.hash;
    const got = param(p, n);
    return got && !hex.test(got) ? at(p, n, 'hash', 'hexadecimal') : null;
  }),
  zx3(
    'ZX02-222',
    '444',
    'NFC-e com qrCode na versão 2 para Pessoa Física',
    'QR-Code versão 2 com emitente pessoa física (emit/CPF).',
    (p, d) => (p.versao === '2' && text(d.emit, 'CPF') ? at(p, 2, 'versão', '3 (emitente pessoa física)') : null),
  ),
  zx3(
    'ZX02-324',
    '396',
    INEXISTENTE,
    'NFC-e off-line com destinatário identificado, QR-Code v3 sem o tipo de identificação (6º parâmetro).',
    (p, d) => missing(p, 6, 'tpIdDest', p.versao === '3' && p.offline && destId(d) !== ''),
  ),
  zx3(
    'ZX02-326',
    '396',
    INEXISTENTE,
    'NFC-e off-line com destinatário identificado, QR-Code v3 sem a identificação (7º parâmetro).',
    (p, d) => missing(p, 7, 'idDest', p.versao === '3' && p.offline && destId(d) !== ''),
  ),
  zx3(
    'ZX02-328',
    '397',
    'Parâmetro do QR-Code divergente da Nota Fiscal (idDest)',
    'NFC-e off-line, identificação do destinatário do QR-Code v3 (7º) difere de dest (CNPJ, CPF ou idEstrangeiro); sem destinatário na nota, não vai no QR-Code (e vice-versa).',
    (p, d) => {
      if (p.versao !== '3' || !p.offline || (d.dest && destId(d) === '')) return null;
      const want = destId(d);
      const got = param(p, 7);
      if (want === '' && got === '') return null;
      if (want !== '' && got === '') return null; // ZX02-326's
      return got !== want ? at(p, 7, 'idDest', want || '(sem destinatário)') : null;
    },
  ),
  zx3(
    'ZX02-330',
    '445',
    'Parâmetro assinatura não deve ser informado no qrCode',
    'NFC-e não off-line (tpEmis ≠ 9) com QR-Code v3 que leva a assinatura (8º parâmetro do modelo off-line).',
    (p) =>
      p.versao === '3' && !p.offline && param(p, 8) !== '' ? at(p, 8, 'assinatura', 'ausente (emissão on-line)') : null,
  ),
  zx3(
    'ZX02-334',
    '474',
    'Parâmetro assinatura deve ser informado no qrCode',
    'NFC-e off-line (tpEmis 9) com QR-Code v3 sem a assinatura (8º parâmetro).',
    (p) => missing(p, 8, 'assinatura', p.versao === '3' && p.offline),
  ),
  {
    ...mocRule(
      'ZX03-20',
      '878',
      'Endereço do site da UF da Consulta por chave de acesso diverge do previsto',
      'ZX',
      ['65'],
      'facultativa',
      'urlChave da NFC-e assinada fora dos endereços de consulta por chave publicados para a UF do cUF e o ambiente (tabela nfce-urls-uf.tsv; maiúsculas, http/https, "www." e "/" final não contam). Sem entrada da UF e do ambiente na tabela, não rejeita.',
      (d, ctx) => {
        const nfe = qrOf(d)?.nfe;
        const url = nfe ? text(nfe, 'infNFeSupl/urlChave') : undefined;
        const f = url ? urlFinding(d, ctx, 'urlChave', url, 'NFe/infNFeSupl/urlChave') : null;
        return f ? [f] : [];
      },
    ),
    vigencia: { producao: { desde: '2019-04-01' }, homologacao: { desde: '2019-04-01' } },
    fonte: fonteUrlChave,
    tabelas: ['nfce-urls'],
    requer: ['urlChave'],
  },
];
