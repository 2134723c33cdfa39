import { documentMessages } from '@app/contract';
import { registerErrors } from '../../lib/app-error.js';
import { registerAuditCodes } from '../../lib/audit.js';

/** The company's documents (issue 22): audit codes 3740–3749 (the range of migration 0740) of the Products module. */
registerAuditCodes({
  3740: { module: 'Products', description: 'Documentos fiscais enviados para importação' },
  3741: { module: 'Products', description: 'Importação de documentos fiscais concluída' },
});

registerErrors({
  DOCUMENTS_COMPANY_REQUIRED: { status: 400, message: documentMessages.companyRequired },
  DOCUMENTS_FILE_REQUIRED: { status: 400, message: documentMessages.fileRequired },
  DOCUMENTS_TOO_LARGE: { status: 413, message: documentMessages.tooLarge },
  DOCUMENTS_TOO_MANY_FILES: { status: 400, message: documentMessages.tooManyFiles },
  DOCUMENT_IMPORT_NOT_FOUND: { status: 404, message: 'Importação de documentos não encontrada.' },
});

export const DOCUMENT_IMPORT_JOB = 'import-company-documents';
export const AUDIT_DOCUMENTS_SENT = 3740;
export const AUDIT_DOCUMENTS_IMPORTED = 3741;
/** One upload: a ZIP of 100,000 NF-e is ≈ 100–300 MB, a year of EFD a few hundred MB. */
export const DOCUMENTS_MAX_BYTES = 1024 * 1024 * 1024;
export const DOCUMENTS_MAX_FILES = 20;
