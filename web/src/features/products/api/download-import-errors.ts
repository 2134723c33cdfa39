import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** GET /products/import/{importId}/errors: every invalid line of an import (line, code, reason) as CSV. */
export const downloadImportErrors = (importId: string) =>
  downloadFile(
    `/products/import/${encodeURIComponent(importId)}/errors`,
    undefined,
    `linhas_invalidas_${importId}.csv`,
  );

export const useDownloadImportErrors = () =>
  useMutation({
    mutationFn: downloadImportErrors,
    onError: () => notify('error', 'Não foi possível baixar as linhas inválidas!'),
  });
