import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ErrorDetail,
  ParseOption,
  XmlBufferInputProvider,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { referenceDataDir } from '../reference/loaders/reference-files.js';

/**
 * Schema validation of the NF-e against the official XSDs (reference-data/nfe-xsd, source in its README) with
 * libxml2 (libxml2-wasm). Each package is compiled once, on first use, and its validator kept for the life of the
 * process: compiling is the expensive part (≈ 200 ms), validating a 50-item NF-e a couple of milliseconds.
 * libxml2 reads only the XSD files registered here (an in-memory provider), never the disk or the network.
 */
export type SchemaPackage = 'PL_009_V4' | 'PL_010_V1.30';

export const schemaPackages: Record<SchemaPackage, { from: string; label: string }> = {
  PL_009_V4: { from: '0000-01-01', label: 'PL_009_V4 (leiaute 4.00)' },
  // PL_010 carries the groups of NT 2025.002 (IBS, CBS, IS); production accepts them from 06/10/2025.
  'PL_010_V1.30': { from: '2025-10-06', label: 'PL_010_V1.30 (leiaute 4.00 com IBS/CBS/IS, NT 2025.002)' },
};

/** The package in force on a date (production schedule; homologation ran ahead and accepts the same files). */
export function schemaPackageOn(date: string): SchemaPackage {
  return date >= schemaPackages['PL_010_V1.30'].from ? 'PL_010_V1.30' : 'PL_009_V4';
}

const xsdRoot = path.join(referenceDataDir, 'nfe-xsd');
const virtualRoot = '/nfe-xsd';
const validators = new Map<SchemaPackage, XsdValidator>();
let providerRegistered = false;

function registerFiles(): void {
  if (providerRegistered) return;
  const files: Record<string, Uint8Array> = {};
  for (const pkg of Object.keys(schemaPackages)) {
    for (const f of readdirSync(path.join(xsdRoot, pkg))) {
      if (f.endsWith('.xsd')) files[`${virtualRoot}/${pkg}/${f}`] = readFileSync(path.join(xsdRoot, pkg, f));
    }
  }
  xmlRegisterInputProvider(new XmlBufferInputProvider(files));
  providerRegistered = true;
}

function validatorFor(pkg: SchemaPackage): XsdValidator {
  let v = validators.get(pkg);
  if (!v) {
    registerFiles();
    const url = `${virtualRoot}/${pkg}/nfe_v4.00.xsd`;
    const xsd = XmlDocument.fromBuffer(readFileSync(path.join(xsdRoot, pkg, 'nfe_v4.00.xsd')), { url });
    try {
      v = XsdValidator.fromDoc(xsd);
    } finally {
      xsd.dispose();
    }
    validators.set(pkg, v);
  }
  return v;
}

/** Compiles every package now (the server's start, the bench's warm-up) instead of on the first NF-e. */
export function warmSchemas(): void {
  for (const pkg of Object.keys(schemaPackages) as SchemaPackage[]) validatorFor(pkg);
}

export interface SchemaError {
  /** Path of the element, as libxml2 reports it (XPath without namespaces), or the line. */
  campo: string;
  mensagem: string;
  linha: number;
}

/** Readable path: "/nfeProc/NFe/infNFe/det[2]/prod/vProd" without the namespace prefixes libxml2 may add. */
const cleanPath = (p: string | undefined) =>
  p ? p.replace(/\*\[local-name\(\)='(\w+)'\]/g, '$1').replace(/\{[^}]*\}/g, '') : '';

/** Strips libxml2's "{namespace}" from element names in the message. */
const cleanMessage = (m: string) =>
  m
    .replace(/\{http:\/\/www\.portalfiscal\.inf\.br\/nfe\}/g, '')
    .replace(/\{http:\/\/www\.w3\.org\/2000\/09\/xmldsig#\}/g, 'ds:')
    .trim();

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
/**
 * A well-formed, never-valid signature put in place of a missing one for the schema check only: the XSD requires
 * ds:Signature, and validation happens before the ERP signs. The answer says the document was not signed.
 */
export const placeholderSignature =
  `<Signature xmlns="${DSIG}"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>` +
  `<SignatureMethod Algorithm="${DSIG}rsa-sha1"/><Reference URI="#NFe"><Transforms><Transform Algorithm="${DSIG}enveloped-signature"/>` +
  `<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms><DigestMethod Algorithm="${DSIG}sha1"/>` +
  '<DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</DigestValue></Reference></SignedInfo><SignatureValue>AAAA</SignatureValue>' +
  '<KeyInfo><X509Data><X509Certificate>AAAA</X509Certificate></X509Data></KeyInfo></Signature>';

/**
 * Validates the NFe element of an XML (NFe or nfeProc) against the package. Returns the first `max` errors libxml2
 * reports (it goes on after the first one within the limits of XSD validation). Throws SyntaxError on malformed XML.
 * libxml2 reads UTF-8 bytes: a string is encoded by Node's native encoder (libxml2-wasm's own fromString encodes in
 * JavaScript, a third of libxml2's parse on a 50-item NF-e); bytes, as the request brought them, go as they are.
 */
export function validateSchema(
  xml: string | Uint8Array,
  pkg: SchemaPackage,
  max = Number.POSITIVE_INFINITY,
): SchemaError[] {
  const validator = validatorFor(pkg);
  let doc: XmlDocument;
  try {
    // XML_PARSE_COMPACT keeps short texts inside their nodes (an NF-e is thousands of them): ≈ 15 % of libxml2's parse
    // here, and the tree is only read. Entities stay unexpanded and no DTD is loaded (the defaults).
    doc = XmlDocument.fromBuffer(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, {
      option: ParseOption.XML_PARSE_COMPACT,
    });
  } catch (e) {
    throw new SyntaxError((e as Error).message);
  }
  try {
    const root = doc.root;
    const nfe = root.name === 'NFe' ? root : root.get('./*[local-name()="NFe"]');
    try {
      if (nfe && 'name' in nfe && root.name !== 'NFe') validator.validate(nfe as never);
      else validator.validate(doc);
      return [];
    } catch (e) {
      if (!(e instanceof XmlValidateError)) throw e;
      // The first `max` only: a body of thousands of broken values is not turned into thousands of objects.
      return e.details.slice(0, max).map((d: ErrorDetail) => ({
        campo: cleanPath(d.xpath) || `linha ${d.line}`,
        mensagem: cleanMessage(d.message),
        linha: d.line,
      }));
    }
  } finally {
    doc.dispose();
  }
}
