import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../lib/notify';

interface CreatePasswordStepProps {
  isLoading: boolean;
  onSubmit: (password: string) => void;
  onBack?: () => void;
}

/** 'Cadastrar Senha': both fields required and equal (spec 01 §5). */
export function CreatePasswordStep({ isLoading, onSubmit, onBack }: CreatePasswordStepProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !confirmation) {
      notify('warning', 'Preencha os dois campos');
      return;
    }
    if (password !== confirmation) {
      notify('warning', 'As senhas não são iguais! Verifique');
      return;
    }
    onSubmit(password);
  };
  return (
    <form onSubmit={onFormSubmit}>
      <Stack>
        <PasswordInput
          label="Senha"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoFocus
        />
        <PasswordInput
          label="Confirmar Senha"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
        />
        <Group grow>
          {onBack ? (
            <Button variant="default" onClick={onBack}>
              Voltar
            </Button>
          ) : null}
          <Button type="submit" loading={isLoading}>
            Cadastrar Senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
