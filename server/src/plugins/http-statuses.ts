import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** A Portuguese `detail` for every status the server itself (not a service) can answer. */
export const statusDetails: Record<number, string> = {
  400: 'Requisição inválida.',
  404: 'Registro não encontrado.',
  405: 'Método não permitido para esta rota.',
  406: 'Formato de resposta não suportado.',
  408: 'A requisição demorou demais para chegar.',
  413: 'A requisição excede o tamanho máximo permitido.',
  414: 'O endereço (URL) da requisição é longo demais.',
  415: 'Tipo de conteúdo não suportado. Envie JSON (application/json) ou um arquivo (multipart/form-data).',
  429: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  431: 'Os cabeçalhos da requisição são grandes demais.',
};

/** Fastify's and its plugins' own 4xx, by code, where the status alone says too little. */
const codeDetails: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio, mas o tipo de conteúdo é JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'O tamanho declarado da requisição não confere com o enviado.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'A requisição excede o tamanho máximo de 2 MB.',
  FST_REQ_FILE_TOO_LARGE: 'O arquivo excede o tamanho máximo de 10 MB.',
  FST_FILES_LIMIT: 'Envie apenas um arquivo por vez.',
  FST_PARTS_LIMIT: 'A requisição tem partes demais.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'A requisição não é um envio de arquivo (multipart/form-data).',
  FST_ERR_BAD_URL: 'O endereço (URL) da requisição é inválido.',
  FST_ERR_MAX_PARAM_LENGTH: 'O endereço (URL) da requisição é longo demais.',
};

export function describeFrameworkError(err: FastifyError, status: number): string {
  return codeDetails[err.code] ?? statusDetails[status] ?? statusDetails[400]!;
}

/** Fastify `frameworkErrors`: malformed URL components and overlong path parameters. */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.status(status).send({ status, code: 'VALIDATION', detail: describeFrameworkError(err, status) });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, a request line
 * too long, garbage): answered in JSON and Portuguese like everything else, then the socket closes.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ status, code: 'VALIDATION', detail: statusDetails[status] });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * What a 5xx logs: the error's type, codes and stack frames — never its message, which for a failed
 * query holds the SQL and the request's values (issue 15: a NUL byte logged the whole statement).
 */
export function describeForLog(err: unknown) {
  const e = err as { name?: string; code?: string; stack?: string; cause?: { code?: string; name?: string } };
  return {
    type: e?.name ?? typeof err,
    code: e?.code,
    dbCode: e?.cause?.code,
    cause: e?.cause?.name,
    stack: e?.stack
      ?.split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .join('\n'),
  };
}
