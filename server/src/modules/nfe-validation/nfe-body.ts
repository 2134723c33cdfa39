import { nfeValidationMessages as m, NFE_VALIDATION_MAX_BYTES } from '@app/contract';
import { findInfNFe, findNfe, type XNode } from '@app/tax-engine';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { parseXmlTree, type TreeFacts, XmlBodyError } from './nfe-xml-scan.js';

/**
 * The body rules of every NF-e call (/nfe/validate, /nfe/complete), in one place: content type (415), size (413),
 * UTF-8 and well-formed XML (400), an NFe or nfeProc of model 55 or 65 (400), each in Portuguese.
 */

/**
 * A body read by this area's own parser: the bytes, and whether they came as XML. The bytes sit in a private field:
 * the server-wide input check (plugins/safe-input.ts) walks every enumerable key of a body, and a Buffer's are one
 * per byte — 58 KB of them cost more than validating the NF-e. The XML's own text is checked by its parser.
 */
export class RawBody {
  readonly #bytes: Buffer;
  constructor(
    readonly xml: boolean,
    bytes: Buffer,
  ) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * Fastify content-type parser for '*' (the NF-e routes' scope only): any type is read, so that a wrong one gets a 415
 * naming the right one, and more than 5 MB a 413 saying 5 MB.
 */
export function parseRawBody(
  req: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (err: Error | null, body?: unknown) => void,
): void {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const declared = Number(req.headers['content-length']);
  if (declared > NFE_VALIDATION_MAX_BYTES) {
    done(new AppError('NFE_TOO_LARGE'), undefined);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  payload.on('data', (c: Buffer) => {
    size += c.length;
    if (size > NFE_VALIDATION_MAX_BYTES) {
      payload.removeAllListeners('data');
      payload.resume();
      done(new AppError('NFE_TOO_LARGE'), undefined);
      return;
    }
    chunks.push(c);
  });
  payload.on('end', () => {
    if (size <= NFE_VALIDATION_MAX_BYTES)
      done(null, new RawBody(type === 'application/xml' || type === 'text/xml', Buffer.concat(chunks)));
  });
  payload.on('error', (e: Error) => done(e, undefined));
}

/** The XML bytes of a request read by parseRawBody, or the 415 naming application/xml. */
export function xmlBytesOf(body: unknown): Buffer {
  if (!(body instanceof RawBody) || !body.xml) throw new AppError('NFE_CONTENT_TYPE');
  return body.bytes;
}

const invalid = (detail: string) => new AppError('NFE_XML_INVALID', detail);

/**
 * The NF-e in a body (bytes from the route, or the text a service wrote): UTF-8 only (MOC 7.0 §3.2, other bytes are
 * refused, never guessed), parsed with DTDs and entities refused, and an NFe or nfeProc of model 55 or 65.
 */
export function readNfeBody(body: Uint8Array | string): { root: XNode; nfe: XNode; xml: string; facts: TreeFacts } {
  if (body.length === 0) throw invalid(m.empty);
  let xml: string;
  if (typeof body === 'string') xml = body;
  else {
    try {
      // The BOM is kept as libxml2 reads the bytes (the parser skips one; a second one is text before the root).
      xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      throw invalid(m.notUtf8);
    }
  }
  let root: XNode;
  const facts: TreeFacts = { plain: true, nfe: 0 };
  try {
    root = parseXmlTree(xml, facts);
  } catch (e) {
    if (e instanceof XmlBodyError) throw invalid(e.message);
    throw e;
  }
  const nfe = findNfe(root);
  const infNFe = findInfNFe(root);
  if (!nfe || !infNFe) throw new AppError('NFE_NOT_NFE', `${m.notNfe} Recebido: <${root.name}>.`);
  const mod = infNFe.children.find((c) => c.name === 'ide')?.children.find((c) => c.name === 'mod')?.text;
  if (mod !== '55' && mod !== '65')
    throw new AppError('NFE_NOT_NFE', `${m.model} Recebido: modelo ${mod ?? 'ausente'}.`);
  return { root, nfe, xml, facts };
}
