import { documentWorklistMessages } from '@app/contract';
import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** The documents worklist (issue 37, decision 059): audit codes 3875–3879 (the range of migration 0875). */
registerAuditCodes({
  3875: { module: 'Products', description: 'Situação de grupo de achados de documentos alterada' },
  3876: { module: 'Products', description: 'Importação de documentos auditada de novo' },
});

registerErrors({
  DOCUMENT_IMPORT_NOT_DONE: { status: 409, message: documentWorklistMessages.notDone },
  DOCUMENT_IMPORT_NO_ITEMS: { status: 409, message: documentWorklistMessages.noItems },
  DOCUMENT_FINDING_GROUP_NOT_FOUND: { status: 404, message: 'Grupo de achados não encontrado nesta importação.' },
});

export const AUDIT_FINDING_GROUP_STATUS = 3875;
export const AUDIT_DOCUMENTS_REAUDITED = 3876;
