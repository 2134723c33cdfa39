import { downloadFile } from '../../../lib/api-client';

/** GET /companies/{id}/health/export: the findings as XLSX. */
export const exportHealthFindings = (companyId: string) =>
  downloadFile(`/companies/${companyId}/health/export`, {}, 'saude-fiscal.xlsx');
