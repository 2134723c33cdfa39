import type { ApiError } from './api-client';
import { notify } from './notify';
import { clearSession } from './session';

/** spec 01 §8: 500 → generic text; 400 → one toast per error; 401/403 → toast, then /login after 2 s. */
export function notifyApiError(err: ApiError): void {
  if (err.status === 401 || err.status === 403) {
    notify('error', 'Usuário não autorizado');
    if (err.status === 401 || !err.body?.code || err.body.code === 'FORBIDDEN' || err.body.code === 'UNAUTHENTICATED') {
      setTimeout(() => {
        clearSession();
        if (!window.location.pathname.startsWith('/login')) window.location.assign('/login');
      }, 2000);
    }
    return;
  }
  if (err.status >= 500) {
    notify('error', 'Erro ao comunicar-se com o servidor');
    return;
  }
  if (err.status === 400 && err.body?.errors?.length) {
    for (const e of err.body.errors) notify('error', `Erros: ${e.message}`);
    return;
  }
  notify(err.status === 429 ? 'warning' : 'error', err.body?.detail ?? 'Erro ao comunicar-se com o servidor');
}
