import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** Error and audit codes of the tickets area (audit codes 3900–3949, module Tickets: the cross-team ranges). */
registerErrors({
  TICKET_NOT_FOUND: { status: 404, message: 'Ticket não encontrado.' },
  TICKET_CLOSED: { status: 409, message: 'Este ticket já foi finalizado.' },
  TICKET_CLOSE_DENIED: {
    status: 403,
    message:
      'Você não tem permissão para finalizar este ticket: peça a quem o abriu ou a um usuário com permissão de gravar.',
  },
  TICKET_PRODUCT_NOT_FOUND: { status: 404, message: 'Produto não encontrado!' },
  TICKET_REFERENCE_NOT_FOUND: { status: 404, message: 'Ticket de referência não encontrado.' },
  TICKET_COMMENT_REFERENCE_NOT_FOUND: { status: 404, message: 'Comentário de referência não encontrado.' },
});

export const TICKET_AUDIT = {
  opened: 3900,
  commented: 3901,
  closed: 3902,
} as const;

registerAuditCodes({
  3900: { module: 'Tickets', description: 'Ticket aberto' },
  3901: { module: 'Tickets', description: 'Comentário adicionado ao ticket' },
  3902: { module: 'Tickets', description: 'Ticket finalizado' },
});
