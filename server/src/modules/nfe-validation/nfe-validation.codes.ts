import { nfeValidationMessages as m } from '@app/contract';
import { registerErrors } from '../../lib/app-error.js';

registerErrors({
  NFE_CONTENT_TYPE: { status: 415, message: m.contentType },
  NFE_TOO_LARGE: { status: 413, message: m.tooLarge },
  NFE_XML_INVALID: { status: 400, message: 'O corpo não é um XML válido.' },
  NFE_NOT_NFE: { status: 400, message: m.notNfe },
  // The XSD check's thread died or did not answer in time (decision 073): the request may be sent again.
  NFE_SCHEMA_UNAVAILABLE: {
    status: 503,
    message: 'A verificação do esquema XSD da NF-e foi interrompida; tente novamente.',
  },
  // Too many checks wait for that thread, or this one waited too long (decision 073): the document is not at fault.
  NFE_SCHEMA_BUSY: {
    status: 503,
    message: 'A fila da verificação do esquema XSD da NF-e está cheia; tente novamente em alguns segundos.',
  },
});
