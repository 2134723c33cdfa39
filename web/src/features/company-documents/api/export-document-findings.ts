import { downloadFile } from '../../../lib/api-client';

/** GET /products/documents/{id}/findings/export: every finding of the import as XLSX. */
export const exportDocumentFindings = (importId: string) =>
  downloadFile(`/products/documents/${importId}/findings/export`, {}, 'auditoria-documentos.xlsx');
