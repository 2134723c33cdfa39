import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';

interface PasswordStepProps {
  isLoading: boolean;
  onSubmit: (password: string) => void;
  onBack: () => void;
  onForgotPassword: () => void;
}

export function PasswordStep({ isLoading, onSubmit, onBack, onForgotPassword }: PasswordStepProps) {
  const [password, setPassword] = useState('');
  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(password);
  };
  return (
    <form onSubmit={onFormSubmit}>
      <Stack>
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoFocus
        />
        <Anchor component="button" type="button" size="sm" ta="left" onClick={onForgotPassword}>
          Esqueci minha senha
        </Anchor>
        <Group grow>
          <Button variant="default" onClick={onBack}>
            Voltar
          </Button>
          <Button type="submit" loading={isLoading}>
            Entrar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
