import { logMessages, type TLogModule } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, downloadFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export interface LogExportRequest {
  from: string;
  to: string;
  module: TLogModule;
  code: number | null;
}

/** GET /users/partners/logs/export: the period's events streamed as an XLSX saved as Log.xlsx. */
export const exportLogs = (q: LogExportRequest) =>
  downloadFile('/users/partners/logs/export', { from: q.from, to: q.to, module: q.module, code: q.code }, 'Log.xlsx');

/** Success toast of spec 02 §8; on failure the server's own message. */
export const useExportLogs = () =>
  useMutation({
    mutationFn: exportLogs,
    onSuccess: () => notify('success', logMessages.exported),
    onError: (err) =>
      notify(
        'error',
        err instanceof ApiError && err.body?.detail ? err.body.detail : 'Erro ao comunicar-se com o servidor',
      ),
  });
