import { productMessages, type TExportFormat, type TProductExportQuery } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export interface ExportRequest {
  query: TProductExportQuery & { format: TExportFormat };
  /** Company name used in the file name produtos_{company}.{format}. */
  companyName: string;
}

/** File-system-safe company part of the download name. */
export const exportFileName = (companyName: string, format: TExportFormat) =>
  `produtos_${companyName.replace(/[\\/:*?"<>|]+/g, '').trim() || 'empresa'}.${format.toLowerCase()}`;

/** GET /products/export: the catalogue streamed as XLSX or CSV and saved by the browser. */
export const exportProducts = ({ query, companyName }: ExportRequest) =>
  downloadFile('/products/export', { ...query }, exportFileName(companyName, query.format));

export const useExportProducts = () =>
  useMutation({ mutationFn: exportProducts, onError: () => notify('error', productMessages.exportFailed) });
