import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { preloadLanding } from '../../../app/router';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { setSession } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import { checkUser } from '../api/check-user';
import { getPasswordResetOwner } from '../api/get-password-reset-owner';
import { requestPasswordReset } from '../api/reset-password';
import { setPassword } from '../api/set-password';
import { signIn } from '../api/sign-in';
import { getSignInLocation } from './get-location';

export type LoginStep = 'email' | 'password' | 'create';

const RESET_MESSAGE_MS = 15_000;

/**
 * The login steps of spec 01 §2: e-mail → password (user with a password) or create-password
 * (user without one, or a /login/{id} link). `passwordResetId` comes from the link.
 */
export function useLoginFlow(passwordResetId: string | undefined) {
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>(passwordResetId ? 'create' : 'email');
  const [email, setEmail] = useState(() => localStorage.getItem(storageKeys.email) ?? '');
  const [name, setName] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [isLoading, setLoading] = useState(false);

  // Opened from the e-mailed link: greet the link's owner by name (spec 01 "Olá, {name}").
  useEffect(() => {
    if (!passwordResetId) return;
    let isCurrent = true;
    getPasswordResetOwner(passwordResetId)
      .then((owner) => isCurrent && setName(owner.name))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [passwordResetId]);

  const run = async (work: () => Promise<void>) => {
    setLoading(true);
    try {
      await work();
    } finally {
      setLoading(false);
    }
  };

  const onSubmitEmail = (typed: string) =>
    run(async () => {
      setNotice(undefined);
      localStorage.setItem(storageKeys.email, typed);
      setEmail(typed);
      const result = typed ? await checkUser(typed).catch(onCheckError) : undefined;
      if (!result?.exist) {
        notify('error', 'E-mail não cadastrado ou incorreto!');
        return;
      }
      setName(result.name);
      setStep(result.hasPassword ? 'password' : 'create');
    });

  const onSubmitPassword = (password: string) =>
    run(async () => {
      if (!password) {
        notify('error', 'Senha incorreta!');
        return;
      }
      const location = await getSignInLocation();
      try {
        const session = await signIn({ email, password, ...location });
        if (!session?.name) {
          notify('error', 'Senha incorreta!');
          return;
        }
        setSession({ name: session.name, role: session.role, token: session.token });
        const landing = session.role === 'Member' ? paths.member.companies : paths.partner.home;
        preloadLanding(landing); // the layout's and the page's chunks in one round, not one after the other
        navigate(landing, { replace: true });
      } catch (err) {
        notifySignInError(err);
      }
    });

  const onForgotPassword = () =>
    run(async () => {
      const { message } = await requestPasswordReset(email);
      notify('success', message, RESET_MESSAGE_MS);
    }).catch(() => undefined);

  const onCreatePassword = (password: string) =>
    run(async () => {
      const input = passwordResetId ? { password, passwordResetId } : { password, email };
      const { message } = await setPassword(input);
      if (passwordResetId) {
        notify('success', message);
      } else {
        // Without a link the server e-mails one instead of storing the password: say so on the page.
        setNotice(message);
        notify('info', message, RESET_MESSAGE_MS);
      }
      setStep('email');
      navigate(paths.login, { replace: true });
    }).catch(() => undefined);

  const onBack = () => {
    setName(undefined);
    setStep('email');
    if (passwordResetId) navigate(paths.login, { replace: true });
  };

  return {
    step,
    email,
    name,
    notice,
    isLoading,
    onSubmitEmail,
    onSubmitPassword,
    onForgotPassword,
    onCreatePassword,
    onBack,
  };
}

/** A malformed or unknown e-mail reads as 'not registered'; only server failures get their own toast. */
function onCheckError(err: unknown): undefined {
  if (err instanceof ApiError && err.status >= 500) notifyApiError(err);
  return undefined;
}

function notifySignInError(err: unknown): void {
  if (!(err instanceof ApiError)) return;
  if (err.status === 400 || err.status === 401) notify('error', 'Senha incorreta!');
  else if (err.status === 429) notify('warning', err.body?.detail ?? 'Muitas tentativas. Aguarde e tente novamente.');
  else if (err.status >= 500) notifyApiError(err);
  else notify('error', err.body?.detail ?? 'Senha incorreta!');
}
