import { downloadFile } from '../../../lib/api-client';
import { type FindingFilters, filtersQuery } from './get-document-findings';

/** GET /products/documents/{id}/findings/export: the findings under the screen's filters as XLSX. */
export const exportDocumentFindings = (importId: string, filters: FindingFilters) =>
  downloadFile(`/products/documents/${importId}/findings/export`, filtersQuery(filters), 'auditoria-documentos.xlsx');
