import { nfeValidationMessages as m } from '@app/contract';
import type { XNode } from '@app/tax-engine';
import { AppError } from '../../lib/app-error.js';
import { parseXmlTree, XmlBodyError } from './nfe-xml-tree.js';

const invalid = (detail: string) => new AppError('NFE_XML_INVALID', detail);

/**
 * The body of POST /nfe/complete read as /nfe/validate reads its own (same messages, same 400s): UTF-8 only (MOC 7.0
 * §3.2), parsed with DTDs and entities refused, and an NFe or nfeProc of model 55 or 65.
 */
export function readNfeBody(body: Uint8Array): { root: XNode; nfe: XNode } {
  if (body.length === 0) throw invalid(m.empty);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw invalid(m.notUtf8);
  }
  let root: XNode;
  try {
    root = parseXmlTree(xml);
  } catch (e) {
    if (e instanceof XmlBodyError) throw invalid(e.message);
    throw e;
  }
  const nfe =
    root.name === 'NFe' ? root : root.name === 'nfeProc' ? root.children.find((c) => c.name === 'NFe') : undefined;
  const infNFe = nfe?.children.find((c) => c.name === 'infNFe');
  if (!nfe || !infNFe) throw new AppError('NFE_NOT_NFE', `${m.notNfe} Recebido: <${root.name}>.`);
  const mod = infNFe.children.find((c) => c.name === 'ide')?.children.find((c) => c.name === 'mod')?.text;
  if (mod !== '55' && mod !== '65')
    throw new AppError('NFE_NOT_NFE', `${m.model} Recebido: modelo ${mod ?? 'ausente'}.`);
  return { root, nfe };
}
