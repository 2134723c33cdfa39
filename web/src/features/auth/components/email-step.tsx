import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

interface EmailStepProps {
  initialEmail: string;
  isLoading: boolean;
  onSubmit: (email: string) => void;
}

export function EmailStep({ initialEmail, isLoading, onSubmit }: EmailStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email.trim());
  };
  return (
    <form onSubmit={onFormSubmit}>
      <Stack>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          placeholder="seu@email.com.br"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          autoFocus
        />
        <Button type="submit" loading={isLoading} fullWidth>
          Prosseguir
        </Button>
      </Stack>
    </form>
  );
}
