import type { ErrorCode } from '@app/contract';

interface ErrorDef {
  status: number;
  message: string;
}

/** The one table from error code to HTTP status and pt-BR message. */
const errorTable: Record<string, ErrorDef> = {
  VALIDATION: { status: 400, message: 'Dados inválidos.' },
  UNAUTHENTICATED: { status: 401, message: 'Usuário não autorizado' },
  FORBIDDEN: { status: 403, message: 'Usuário não autorizado' },
  NOT_FOUND: { status: 404, message: 'Registro não encontrado.' },
  CONFLICT: { status: 409, message: 'Conflito com um registro existente.' },
  RATE_LIMITED: { status: 429, message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' },
  INTERNAL: { status: 500, message: 'Erro ao comunicar-se com o servidor' },
  INVALID_CREDENTIALS: { status: 400, message: 'Senha incorreta!' },
  EMAIL_NOT_FOUND: { status: 404, message: 'E-mail não cadastrado!' },
  PASSWORD_NOT_SET: { status: 400, message: 'Senha ainda não cadastrada. Enviamos um link para o seu e-mail.' },
  RESET_LINK_INVALID: { status: 400, message: 'Link de cadastro de senha inválido ou expirado.' },
  RESET_LINK_NOT_FOUND: { status: 404, message: 'Link de cadastro de senha inválido ou expirado.' },
  ROLE_NOT_ALLOWED: { status: 403, message: 'Você não pode atribuir essa função.' },
  EMAIL_TAKEN: { status: 409, message: 'E-mail já cadastrado!' },
  COMPANY_NOT_FOUND: { status: 404, message: 'Empresa inválida!' },
  COMPANY_BLOCKED: { status: 403, message: 'Empresa bloqueada! Verifique com o suporte.' },
  COMPANY_DOCUMENT_TAKEN: { status: 409, message: 'Já existe uma empresa com esse CNPJ.' },
  COMPANY_ALREADY_LINKED: { status: 409, message: 'Usuário já tem acesso a essa empresa!' },
  USER_NOT_FOUND: { status: 404, message: 'Usuário não encontrado.' },
  PARTNER_NOT_FOUND: { status: 404, message: 'Parceiro não encontrado.' },
  NO_DFE_ACCOUNT: { status: 404, message: 'Você não possui conta no emissor de documentos fiscais.' },
  UPLOAD_REFUSED: { status: 400, message: 'O arquivo enviado excede os limites aceitos.' },
  TEXT_INVALID: { status: 400, message: 'O texto enviado contém caracteres inválidos.' },
  ORIGIN_REFUSED: { status: 403, message: 'Origem da requisição não permitida.' },
};

/** Register codes of a module (keeps each area's codes next to its code). */
export function registerErrors(defs: Record<string, ErrorDef>): void {
  Object.assign(errorTable, defs);
}

export function describeError(code: string): ErrorDef {
  return errorTable[code] ?? { status: 500, message: errorTable.INTERNAL!.message };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: { field?: string; message: string }[];
  /** Seconds after which the call may be sent again (a 429 or 503): the error handler sends them as Retry-After. */
  retryAfterSeconds?: number;

  /** `message` overrides the table text where the spec asks for a specific sentence. */
  constructor(code: ErrorCode, message?: string, errors?: { field?: string; message: string }[]) {
    const def = describeError(code);
    super(message ?? def.message);
    this.code = code;
    this.status = def.status;
    this.errors = errors;
  }
}
