import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** GET /fiscal-rules/{id}/products/export: the rule's products as a spreadsheet download. */
export const exportRuleProducts = ({ fiscalRuleId, fileName }: { fiscalRuleId: string; fileName: string }) =>
  downloadFile(`/fiscal-rules/${encodeURIComponent(fiscalRuleId)}/products/export`, undefined, fileName);

export const useExportRuleProducts = () =>
  useMutation({
    mutationFn: exportRuleProducts,
    onError: () => notify('error', 'Não foi possível fazer o download da planilha de produtos!'),
  });
