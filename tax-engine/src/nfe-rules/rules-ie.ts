import { isValidIe } from './ie-check-digits.js';
import { always, moc } from './sources.js';
import type { Finding, Rule } from './types.js';
import { text, type XNode } from './xml-node.js';

const sintegra =
  'Tamanho e dígitos verificadores da UF (roteiros de crítica do SINTEGRA, Conferência de Inscrições Estaduais); zeros não significativos à esquerda desprezados (nota *2 do MOC). ISENTO e UF EX não são conferidos.';

function ieFinding(party: XNode | undefined, ufPath: string, campo: string): Finding[] {
  const ie = text(party, 'IE');
  const uf = text(party, ufPath) ?? '';
  if (!ie || isValidIe(ie, uf) !== false) return [];
  return [{ campo, esperado: `IE válida para a UF ${uf}`, encontrado: ie }];
}

/** C17-20 and E17-50 (MOC 7.0 annex I, groups C and E): the IE's check digits per UF, offline. */
export const ieRules: Rule[] = [
  {
    id: 'C17-20',
    codigo: '209',
    mensagem: 'Rejeição: IE do emitente inválida',
    grupo: 'C',
    modelos: ['55', '65'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('C'),
    descricao: `IE do emitente: ${sintegra}`,
    verificar: (doc) => ieFinding(doc.emit, 'enderEmit/UF', 'NFe/infNFe/emit/IE'),
  },
  {
    id: 'E17-50',
    codigo: '210',
    mensagem: 'Rejeição: IE do destinatário inválida',
    grupo: 'E',
    modelos: ['55'],
    aplicacao: 'obrigatoria',
    efeito: 'rejeicao',
    vigencia: always,
    fonte: moc('E'),
    descricao: `IE do destinatário, quando informada: ${sintegra}`,
    verificar: (doc) => ieFinding(doc.dest, 'enderDest/UF', 'NFe/infNFe/dest/IE'),
  },
];
