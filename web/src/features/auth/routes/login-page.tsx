import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { Brand } from '../../../components/ui/brand';
import { CreatePasswordStep } from '../components/create-password-step';
import { EmailStep } from '../components/email-step';
import { PasswordStep } from '../components/password-step';
import { useLoginFlow } from '../lib/use-login-flow';

/** /login and /login/{userId} (password creation or reset link), spec 01 §2. */
export default function LoginPage() {
  const { userId } = useParams();
  const flow = useLoginFlow(userId);
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%">
        <Stack gap="lg">
          <Center>
            <Brand size="xl" />
          </Center>
          {flow.step === 'email' ? (
            <>
              <Title order={1} size="h3">
                Acesse sua conta
              </Title>
              {flow.notice ? (
                <Alert color="blue" data-testid="login-notice">
                  {flow.notice}
                </Alert>
              ) : null}
              <EmailStep initialEmail={flow.email} isLoading={flow.isLoading} onSubmit={flow.onSubmitEmail} />
            </>
          ) : (
            <>
              <Title order={1} size="h3">
                {flow.name ? `Olá, ${flow.name}` : 'Olá'}
              </Title>
              {flow.step === 'create' ? (
                <Text size="sm" c="dimmed">
                  Cadastre sua senha de acesso.
                </Text>
              ) : null}
              {flow.step === 'password' ? (
                <PasswordStep
                  isLoading={flow.isLoading}
                  onSubmit={flow.onSubmitPassword}
                  onBack={flow.onBack}
                  onForgotPassword={flow.onForgotPassword}
                />
              ) : (
                <CreatePasswordStep isLoading={flow.isLoading} onSubmit={flow.onCreatePassword} onBack={flow.onBack} />
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
