import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { signOut } from '../api/sign-out';

/** 'Aviso' / 'Deseja mesmo sair?' (spec 01 §2): 'Sair' ends the session and goes to /login. */
export function SignOutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [isLoading, setLoading] = useState(false);
  const onConfirm = async () => {
    setLoading(true);
    try {
      await signOut();
    } finally {
      setLoading(false);
      onClose();
      navigate(paths.login, { replace: true });
    }
  };
  return (
    <ConfirmDialog
      opened={opened}
      title="Aviso"
      message="Deseja mesmo sair?"
      cancelLabel="Voltar"
      confirmLabel="Sair"
      confirmColor="red"
      isLoading={isLoading}
      onCancel={onClose}
      onConfirm={onConfirm}
    />
  );
}
