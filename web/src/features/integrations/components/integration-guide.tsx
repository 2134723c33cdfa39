import { Code, Paper, Stack, Text, Title } from '@mantine/core';

const curl = `# Alterações fiscais dos produtos, em ordem; guarde "next" e envie-o como "after" na próxima vez
curl -H "Authorization: Bearer erp_…" \\
  "${location.origin}/v1/public/changes?companyId=<id-da-empresa>&limit=1000&after=<next>"`;

const verify = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: o whsec_… mostrado ao cadastrar o webhook; body: o corpo recebido, sem alterar
export function isValidWebhook(headers, body, secret) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  // Recuse mensagens com mais de 5 minutos (reenvio malicioso)
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64');
  return headers['webhook-signature'].split(' ').some((sig) => {
    const value = Buffer.from(sig.replace(/^v1,/, ''));
    return value.length === expected.length && timingSafeEqual(value, Buffer.from(expected));
  });
}`;

/** The short guide of the screen: read the feed with a key, verify a webhook's signature. */
export function IntegrationGuide() {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Guia rápido
        </Title>
        <Text size="sm">
          1. Crie uma chave de API e leia o feed de alterações. Um cursor nunca pula nem repete uma alteração; sem
          novidades, "next" volta igual.
        </Text>
        <Code block>{curl}</Code>
        <Text size="sm">
          2. Cadastre um webhook para receber cada alteração em segundos. As entregas seguem o padrão Standard Webhooks:
          confira a assinatura antes de usar o corpo, responda 2xx e use o cabeçalho webhook-id para ignorar repetições
          (as novas tentativas mantêm o mesmo id).
        </Text>
        <Code block>{verify}</Code>
        <Text size="xs" c="dimmed">
          Documentação completa da API em /docs (segurança "apiKey", feed e formato das entregas).
        </Text>
      </Stack>
    </Paper>
  );
}
