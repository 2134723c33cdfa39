import { icmsUfTable } from '../interstate-rate.js';
import { accessKeyDigit, isValidCnpj, isValidCpf } from './check-digits.js';
import { root } from './nfe-view.js';
import { always, fromNt2019001, moc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { children, text } from './xml-node.js';

/** The UF's letters by its IBGE code (cUF): also the ZX rules' UF of the table of NFC-e addresses. */
export const ufByCode = new Map(Object.entries(icmsUfTable).map(([uf, r]) => [String(r.ibgeCode), uf]));
const dayMs = 86_400_000;

/** The 43 positions of the access key composed from the document's own fields (MOC 7.0 §2.2.6.2). */
function composedKey(ide: Parameters<Rule['verificar']>[0]): string | null {
  const i = ide.ide;
  const dhEmi = text(i, 'dhEmi');
  const cnpj = text(ide.emit, 'CNPJ') ?? (text(ide.emit, 'CPF') ? `000${text(ide.emit, 'CPF')}` : undefined);
  const [cUF, mod, serie, nNF, tpEmis, cNF] = ['cUF', 'mod', 'serie', 'nNF', 'tpEmis', 'cNF'].map((t) => text(i, t));
  if (!dhEmi || !cnpj || !cUF || !mod || !serie || !nNF || !tpEmis || !cNF) return null;
  return `${cUF}${dhEmi.slice(2, 4)}${dhEmi.slice(5, 7)}${cnpj}${mod}${serie.padStart(3, '0')}${nNF.padStart(9, '0')}${tpEmis}${cNF}`;
}

const one = (f: Finding | null): Finding[] => (f ? [f] : []);

/** Groups A, B (ide), C (emit) and E (dest). */
export const ideRules: Rule[] = [
  {
    id: 'A03-10',
    codigo: '502',
    mensagem: 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
    grupo: 'A',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('A'),
    descricao:
      'O atributo Id de infNFe é "NFe" seguido da chave composta pelos campos cUF, AAMM do dhEmi, CNPJ/CPF, mod, serie, nNF, tpEmis, cNF e cDV.',
    verificar(doc) {
      const key = composedKey(doc);
      const id = doc.infNFe.attrs.Id ?? '';
      const cDV = text(doc.ide, 'cDV') ?? '';
      if (!key) return [];
      const expected = `NFe${key}${cDV}`;
      return one(id === expected ? null : { campo: `${root}/@Id`, esperado: expected, encontrado: id });
    },
  },
  {
    id: 'B23-10',
    codigo: '253',
    mensagem: 'Rejeição: Digito Verificador da chave de acesso composta inválida',
    grupo: 'B',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'O dígito verificador (cDV) é o módulo 11 das 43 posições da chave composta pelos campos da nota.',
    verificar(doc) {
      const key = composedKey(doc);
      const cDV = text(doc.ide, 'cDV');
      if (!key || cDV === undefined) return [];
      const dv = String(accessKeyDigit(key));
      return one(dv === cDV ? null : { campo: `${root}/ide/cDV`, esperado: dv, encontrado: cDV });
    },
  },
  {
    id: 'B09-20',
    codigo: '228',
    mensagem: 'Rejeição: Data de Emissão muito atrasada',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'alerta',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'Data de emissão mais de 30 dias antes do recebimento pela SEFAZ (momento da recepção: alerta).',
    verificar(doc, ctx) {
      const dhEmi = text(doc.ide, 'dhEmi');
      const t = dhEmi ? Date.parse(dhEmi) : Number.NaN;
      if (Number.isNaN(t) || ctx.agora.getTime() - t <= 30 * dayMs) return [];
      return [{ campo: `${root}/ide/dhEmi`, esperado: 'até 30 dias antes da recepção', encontrado: dhEmi }];
    },
  },
  {
    id: 'B10-20',
    codigo: '504',
    mensagem: 'Rejeição: Data de Entrada/Saída posterior ao permitido',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: 'facultativa',
    efeito: 'alerta',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'dhSaiEnt mais de 30 dias depois do recebimento (momento da recepção: alerta).',
    verificar(doc, ctx) {
      const dh = text(doc.ide, 'dhSaiEnt');
      const t = dh ? Date.parse(dh) : Number.NaN;
      if (Number.isNaN(t) || t - ctx.agora.getTime() <= 30 * dayMs) return [];
      return [{ campo: `${root}/ide/dhSaiEnt`, esperado: 'até 30 dias depois da recepção', encontrado: dh }];
    },
  },
  {
    id: 'B10-30',
    codigo: '505',
    mensagem: 'Rejeição: Data de Entrada/Saída anterior ao permitido',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: 'facultativa',
    efeito: 'alerta',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'dhSaiEnt mais de 30 dias antes do recebimento (momento da recepção: alerta).',
    verificar(doc, ctx) {
      const dh = text(doc.ide, 'dhSaiEnt');
      const t = dh ? Date.parse(dh) : Number.NaN;
      if (Number.isNaN(t) || ctx.agora.getTime() - t <= 30 * dayMs) return [];
      return [{ campo: `${root}/ide/dhSaiEnt`, esperado: 'até 30 dias antes da recepção', encontrado: dh }];
    },
  },
  {
    id: 'B10-40',
    codigo: '506',
    mensagem: 'Rejeição: Data de Saída menor que a Data de Emissão',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: 'facultativa',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'dhSaiEnt, quando informada, não é anterior a dhEmi.',
    verificar(doc) {
      const emi = text(doc.ide, 'dhEmi');
      const sai = text(doc.ide, 'dhSaiEnt');
      if (!emi || !sai || Number.isNaN(Date.parse(emi)) || Number.isNaN(Date.parse(sai))) return [];
      return one(
        Date.parse(sai) >= Date.parse(emi)
          ? null
          : { campo: `${root}/ide/dhSaiEnt`, esperado: `a partir de ${emi}`, encontrado: sai },
      );
    },
  },
  {
    id: 'B25-30',
    codigo: '254',
    mensagem: 'Rejeição: NF-e complementar não possui NF referenciada',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'NF-e complementar (finNFe=2) tem NFref.',
    verificar(doc) {
      if (text(doc.ide, 'finNFe') !== '2') return [];
      return one(
        children(doc.ide, 'NFref').length > 0
          ? null
          : { campo: `${root}/ide/NFref`, esperado: '1 NF referenciada', encontrado: 'nenhuma' },
      );
    },
  },
  {
    id: 'B25-40',
    codigo: '255',
    mensagem: 'Rejeição: NF-e complementar possui mais de uma NF referenciada',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'NF-e complementar (finNFe=2) referencia uma só NF.',
    verificar(doc) {
      const n = children(doc.ide, 'NFref').length;
      if (text(doc.ide, 'finNFe') !== '2' || n <= 1) return [];
      return [{ campo: `${root}/ide/NFref`, esperado: '1 NF referenciada', encontrado: String(n) }];
    },
  },
  {
    id: 'B25b-10',
    codigo: '794',
    mensagem: 'Rejeição: NF-e com indicativo de NFC-e com entrega a domicílio',
    grupo: 'B',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('B'),
    descricao: 'indPres=4 (entrega a domicílio) só existe na NFC-e.',
    verificar(doc) {
      const v = text(doc.ide, 'indPres');
      return one(
        v === '4' ? { campo: `${root}/ide/indPres`, esperado: 'diferente de 4 na NF-e', encontrado: v } : null,
      );
    },
  },
  {
    id: 'C02-10',
    codigo: '207',
    mensagem: 'Rejeição: CNPJ do emitente inválido',
    grupo: 'C',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('C'),
    descricao: 'CNPJ do emitente com dígitos verificadores válidos e diferente de zeros.',
    verificar(doc) {
      const v = text(doc.emit, 'CNPJ');
      return one(
        v !== undefined && !isValidCnpj(v)
          ? { campo: `${root}/emit/CNPJ`, esperado: 'CNPJ com DV válido', encontrado: v }
          : null,
      );
    },
  },
  {
    id: 'C12-10',
    codigo: '247',
    mensagem: 'Rejeição: Sigla da UF do Emitente diverge da UF autorizadora',
    grupo: 'C',
    modelos: ['55', '65'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('C'),
    descricao: 'UF do endereço do emitente igual à UF do cUF (a autorizadora a que a nota se destina).',
    verificar(doc) {
      const cUF = text(doc.ide, 'cUF');
      const uf = text(doc.emit, 'enderEmit/UF');
      const expected = cUF ? ufByCode.get(cUF) : undefined;
      if (!expected || !uf) return [];
      return one(uf === expected ? null : { campo: `${root}/emit/enderEmit/UF`, esperado: expected, encontrado: uf });
    },
  },
  {
    id: 'E01-10',
    codigo: '719',
    mensagem: 'Rejeição: NF-e sem a identificação do destinatário',
    grupo: 'E',
    modelos: ['55'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: 'A NF-e (modelo 55) tem o grupo dest.',
    verificar(doc) {
      return one(doc.dest ? null : { campo: `${root}/dest`, esperado: 'grupo dest', encontrado: 'ausente' });
    },
  },
  {
    id: 'E02-10',
    codigo: '208',
    mensagem: 'Rejeição: CNPJ do destinatário inválido',
    grupo: 'E',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: 'Se informado CNPJ do destinatário: sem zeros e com dígitos verificadores válidos.',
    verificar(doc) {
      const v = text(doc.dest, 'CNPJ');
      return one(
        v !== undefined && v !== '' && !isValidCnpj(v)
          ? { campo: `${root}/dest/CNPJ`, esperado: 'CNPJ com DV válido', encontrado: v }
          : null,
      );
    },
  },
  {
    id: 'E02-20',
    codigo: '220',
    mensagem: 'Rejeição: Destinatário com identificação igual à identificação do emitente',
    grupo: 'E',
    modelos: ['65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: 'Na NFC-e, o CNPJ do destinatário difere do CNPJ do emitente.',
    verificar(doc) {
      const d = text(doc.dest, 'CNPJ');
      const e = text(doc.emit, 'CNPJ');
      return one(d && d === e ? { campo: `${root}/dest/CNPJ`, esperado: `diferente de ${e}`, encontrado: d } : null);
    },
  },
  {
    id: 'E03-10',
    codigo: '237',
    mensagem: 'Rejeição: CPF do destinatário inválido',
    grupo: 'E',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao:
      'Se informado CPF do destinatário: sem zeros, sem dígitos repetidos e com dígitos verificadores válidos.',
    verificar(doc) {
      const v = text(doc.dest, 'CPF');
      return one(
        v !== undefined && v !== '' && !isValidCpf(v)
          ? { campo: `${root}/dest/CPF`, esperado: 'CPF com DV válido', encontrado: v }
          : null,
      );
    },
  },
  {
    id: 'E03a-30',
    codigo: '925',
    mensagem: 'Rejeição: NF-e com identificação de estrangeiro e inscrição estadual informada para destinatário',
    grupo: 'E',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: fromNt2019001,
    fonte: moc('E'),
    descricao: 'Com idEstrangeiro, a IE do destinatário não é informada.',
    verificar(doc) {
      const ie = text(doc.dest, 'IE');
      if (text(doc.dest, 'idEstrangeiro') === undefined || !ie) return [];
      return [{ campo: `${root}/dest/IE`, esperado: 'ausente', encontrado: ie }];
    },
  },
  {
    id: 'E16a-20',
    codigo: '790',
    mensagem: 'Rejeição: Operação com Exterior para destinatário Contribuinte de ICMS',
    grupo: 'E',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: 'Operação com exterior (idDest=3) tem destinatário não contribuinte (indIEDest=9).',
    verificar(doc) {
      const ind = text(doc.dest, 'indIEDest');
      if (text(doc.ide, 'idDest') !== '3' || !ind || ind === '9') return [];
      return [{ campo: `${root}/dest/indIEDest`, esperado: '9', encontrado: ind }];
    },
  },
  {
    id: 'E17-30',
    codigo: '791',
    mensagem: 'Rejeição: NF-e com indicação de destinatário isento de IE, com a informação da IE do destinatário',
    grupo: 'E',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: 'Destinatário isento (indIEDest=2) sem a tag IE.',
    verificar(doc) {
      const ie = text(doc.dest, 'IE');
      if (text(doc.dest, 'indIEDest') !== '2' || ie === undefined) return [];
      return [{ campo: `${root}/dest/IE`, esperado: 'ausente', encontrado: ie }];
    },
  },
  {
    id: 'E17-40',
    codigo: '792',
    mensagem: 'Rejeição: Informada a IE do destinatário para operação com destinatário no Exterior',
    grupo: 'E',
    modelos: ['55'],
    aplicacao: null,
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: 'Destinatário com UF EX sem a tag IE.',
    verificar(doc) {
      const ie = text(doc.dest, 'IE');
      if (text(doc.dest, 'enderDest/UF') !== 'EX' || !ie) return [];
      return [{ campo: `${root}/dest/IE`, esperado: 'ausente', encontrado: ie }];
    },
  },
];
