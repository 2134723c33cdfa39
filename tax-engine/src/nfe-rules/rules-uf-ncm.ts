import type { NfeView } from './nfe-view.js';
import { always, moc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { child, text } from './xml-node.js';

/*
 * MOC 7.0 annex I rows read in full, with their exceptions (groups E and I):
 * - E12-30 (772): saída (tpNF=1), interestadual (idDest=2), enderDest/UF = enderEmit/UF and the emitter's CNPJ differs
 *   from the recipient's. Observation: not if an item has UFCons other than the emitter's UF. Exceptions (NT 2015.003):
 *   1. entrega/UF informed, different from the emitter's UF, and no retirada; 2. retirada/UF informed, different from
 *   the recipient's UF, and no entrega; 3. entrega/UF and retirada/UF informed and different.
 * - E12-40 (773): saída, interna (idDest=1), not with a final consumer (indFinal<>1), enderDest/UF <> enderEmit/UF.
 *   Exceptions: 1. UFCons informed with the emitter's UF; 2. entrega/UF = emitter's UF and no retirada; 3. retirada/UF =
 *   recipient's UF and no entrega; 4. entrega/UF = retirada/UF.
 * - E12-50/E12-60: the same two checks on an entrada (tpNF=0), where the entrega replaces the emitter and the retirada
 *   the recipient (NT 2015.003).
 * - I05-10 (777): the NCM is complete (8 positions); a service or an item without a product informs "00".
 * - I08-90 (523, Facult.): CFOP of an interstate operation (2 or 6) with the emitter's UF equal to the recipient's and
 *   CNPJ/CPF of the emitter different from the recipient's; a CFOP 2/6 is valid when UFCons differs from the emitter's UF.
 */

interface Places {
  emitUf: string;
  destUf: string;
  entrega: string | undefined;
  retirada: string | undefined;
  /** UFCons of each item that informs it (comb group, id LA06). */
  ufCons: (string | undefined)[];
}

const placesOf = (doc: NfeView): Places => ({
  emitUf: text(doc.emit, 'enderEmit/UF') ?? '',
  destUf: text(doc.dest, 'enderDest/UF') ?? '',
  entrega: text(doc.infNFe, 'entrega/UF'),
  retirada: text(doc.infNFe, 'retirada/UF'),
  ufCons: doc.items.map((it) => text(it.prod, 'comb/UFCons')),
});

const idOf = (party: NfeView['emit']) => text(party, 'CNPJ') ?? text(party, 'CPF') ?? '';

const E = (campo: string, esperado: string, encontrado: string): Finding[] => [{ campo, esperado, encontrado }];

/**
 * The places that stand for the emitter's and the recipient's side: on a saída the entrega is where the goods leave
 * to (compared with the emitter) and the retirada where they are taken from (compared with the recipient); on an
 * entrada (tpNF=0) the two swap (NT 2015.003).
 */
const sides = (p: Places, tpNF: '0' | '1') =>
  tpNF === '1' ? { x: p.entrega, y: p.retirada } : { x: p.retirada, y: p.entrega };

/** E12-30 (saída) and E12-50 (entrada), rejection 772: interstate with the recipient in the emitter's UF. */
const interstateSameUf = (id: string, tpNF: '0' | '1', descricao: string): Rule => ({
  id,
  codigo: '772',
  mensagem: 'Rejeição: Operação Interestadual e UF de destino igual à UF de origem',
  grupo: 'E',
  modelos: ['55'],
  aplicacao: 'obrigatoria',
  efeito: 'rejeicao',
  vigencia: always,
  fonte: moc('E'),
  descricao,
  verificar(doc) {
    if (text(doc.ide, 'tpNF') !== tpNF || text(doc.ide, 'idDest') !== '2' || !doc.dest) return [];
    const p = placesOf(doc);
    if (p.destUf !== p.emitUf || idOf(doc.emit) === idOf(doc.dest)) return [];
    if (p.ufCons.some((u) => u !== undefined && u !== p.emitUf)) return [];
    const { x, y } = sides(p, tpNF);
    if (x !== undefined && x !== p.emitUf && y === undefined) return [];
    if (y !== undefined && y !== p.destUf && x === undefined) return [];
    if (x !== undefined && y !== undefined && x !== y) return [];
    return E('NFe/infNFe/dest/enderDest/UF', `UF diferente de ${p.emitUf} (idDest=2)`, p.destUf);
  },
});

/** E12-40 (saída) and E12-60 (entrada), rejection 773: internal with the recipient in another UF. */
const internalOtherUf = (id: string, tpNF: '0' | '1', descricao: string): Rule => ({
  id,
  codigo: '773',
  mensagem: 'Rejeição: Operação Interna e UF de destino difere da UF de origem',
  grupo: 'E',
  modelos: ['55'],
  aplicacao: 'obrigatoria',
  efeito: 'rejeicao',
  vigencia: always,
  fonte: moc('E'),
  descricao,
  verificar(doc) {
    if (text(doc.ide, 'tpNF') !== tpNF || text(doc.ide, 'idDest') !== '1' || text(doc.ide, 'indFinal') === '1')
      return [];
    if (!doc.dest || !child(doc.dest, 'enderDest')) return [];
    const p = placesOf(doc);
    if (p.destUf === p.emitUf) return [];
    if (p.ufCons.some((u) => u === p.emitUf)) return [];
    const { x, y } = sides(p, tpNF);
    if (x === p.emitUf && y === undefined) return [];
    if (y === p.destUf && x === undefined) return [];
    if (x !== undefined && x === y) return [];
    return E('NFe/infNFe/dest/enderDest/UF', `${p.emitUf} (idDest=1)`, p.destUf);
  },
});

export const ufNcmRules: Rule[] = [
  interstateSameUf(
    'E12-30',
    '1',
    'NF-e de saída interestadual (idDest=2) não tem a UF do destinatário igual à do emitente (salvo mesmo CNPJ, item com UFCons de outra UF ou local de entrega/retirada em outra UF: exceções 1 a 3).',
  ),
  internalOtherUf(
    'E12-40',
    '1',
    'NF-e de saída interna (idDest=1) que não é com consumidor final (indFinal<>1) tem a UF do destinatário igual à do emitente (salvo UFCons da UF do emitente ou local de entrega/retirada que torne a operação interna: exceções 1 a 4).',
  ),
  interstateSameUf(
    'E12-50',
    '0',
    'NF-e de entrada interestadual (idDest=2) não tem a UF do destinatário igual à do emitente (salvo mesmo CNPJ, item com UFCons de outra UF ou entrega/retirada em outra UF: na entrada a entrega substitui o emitente e a retirada o destinatário).',
  ),
  internalOtherUf(
    'E12-60',
    '0',
    'NF-e de entrada interna (idDest=1) que não é com consumidor final tem a UF do destinatário igual à do emitente (salvo UFCons da UF do emitente ou entrega/retirada que torne a operação interna: exceções 1 a 4).',
  ),
  {
    id: 'I05-10',
    codigo: '777',
    mensagem: 'Rejeição: Obrigatória a informação do NCM completo [nItem: 999]',
    grupo: 'I',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao:
      'NCM completo (8 posições); "00" para item de serviço ou sem produto (exceção da regra; o uso indevido de "00" é a I05-24).',
    verificar(doc) {
      const out: Finding[] = [];
      for (const it of doc.items) {
        const ncm = text(it.prod, 'NCM');
        if (ncm === undefined || ncm === '00' || /^\d{8}$/.test(ncm)) continue;
        out.push({ campo: `${it.path}/prod/NCM`, nItem: it.nItem, esperado: '8 posições ou "00"', encontrado: ncm });
      }
      return out;
    },
  },
  {
    id: 'I08-90',
    codigo: '523',
    mensagem: 'Rejeição: CFOP não é de Operação Estadual e UF emitente igual à UF destinatário [nItem: 999]',
    grupo: 'I',
    modelos: ['55'],
    aplicacao: 'facultativa',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('I'),
    descricao:
      'CFOP interestadual (2 ou 6) com UF do emitente igual à do destinatário e CNPJ/CPF diferentes; válido quando o item informa UFCons de outra UF.',
    verificar(doc) {
      if (!doc.dest) return [];
      const p = placesOf(doc);
      if (p.emitUf !== p.destUf || idOf(doc.emit) === idOf(doc.dest)) return [];
      const out: Finding[] = [];
      doc.items.forEach((it, i) => {
        const cfop = text(it.prod, 'CFOP') ?? '';
        const ufCons = p.ufCons[i];
        if (!/^[26]/.test(cfop) || (ufCons !== undefined && ufCons !== p.emitUf)) return;
        out.push({
          campo: `${it.path}/prod/CFOP`,
          nItem: it.nItem,
          esperado: 'CFOP estadual (1 ou 5)',
          encontrado: cfop,
        });
      });
      return out;
    },
  },
];
