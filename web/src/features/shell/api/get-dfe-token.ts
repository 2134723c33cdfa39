import type { TDfeAccessToken } from '@app/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';

export const fetchDfeAccessToken = () =>
  apiRequest<TDfeAccessToken>('/users/dfe/temporaryAccessToken', { silent: true });

/**
 * Opens the electronic fiscal document product in a new tab with a temporary token. The tab is
 * opened before the call so pop-up blockers accept it (it still comes from the click).
 */
export async function openDfeProduct(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await fetchDfeAccessToken();
    if (tab) {
      // The external product must not reach back into this window.
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    if (err instanceof ApiError && err.status === 404) {
      notify('info', err.body?.detail ?? 'Você não possui conta no emissor de documentos fiscais.');
      return;
    }
    if (err instanceof ApiError) notifyApiError(err);
  }
}
