import { expect, type Locator, test } from '@playwright/test';
import { startReceiver } from '../server/src/modules/integrations/test-receiver';
import { seedCompany, seedPartner, seedUser, useSessionOf } from './support/fixtures';

/**
 * "Integrações" (issue 23): partner staff create a key (shown once), register a webhook that receives a
 * signed test delivery, see it in the delivery log and send it again; the screen at 1366 and 1024 px.
 */
/** The element's box lies within the container's and the window's width (nothing clipped at either side). */
async function expectWhollyInside(element: Locator, container: Locator) {
  await expect(element).toBeVisible();
  const [box, outer] = [await element.boundingBox(), await container.boundingBox()];
  const width = element.page().viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(Math.max(0, outer!.x));
  expect(box!.x + box!.width).toBeLessThanOrEqual(Math.min(width, outer!.x + outer!.width));
}

test('creates a key and a webhook, and the receiver gets a signed test delivery', async ({ page }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const partner = await seedPartner();
    await seedCompany(partner.id, { nomeFantasia: 'MERCADO INTEGRADO', uf: 'SP', status: 'Active' });
    const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
    await useSessionOf(page, owner);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/partner/home');
    await page.getByRole('link', { name: 'Integrações' }).click();
    await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible({ timeout: 30_000 });

    // Keyboard alone: focus the button and open the dialog with Enter.
    await page.getByRole('button', { name: 'Nova chave' }).focus();
    await page.keyboard.press('Enter');
    const keyDialog = page.getByRole('dialog', { name: 'Nova chave de API' });
    await keyDialog.getByLabel('Nome').fill('ERP da matriz');
    await keyDialog.getByLabel('Nome').press('Enter');
    const key = await keyDialog.getByTestId('secret-value').textContent();
    expect(key).toMatch(/^erp_/);
    await expect(keyDialog.getByText('Copie agora: ela não será mostrada novamente.')).toBeVisible();
    // Shown once: Escape does not throw it away, only "Já copiei" closes the dialog (issue 38).
    await page.keyboard.press('Escape');
    await expect(keyDialog.getByTestId('secret-value')).toBeVisible();
    await expect(keyDialog.getByRole('button', { name: 'Fechar' })).toHaveCount(0);
    await keyDialog.getByRole('button', { name: 'Já copiei' }).click();
    await expect(keyDialog).toBeHidden();
    const keys = page.getByRole('table', { name: 'Chaves de API' });
    await expect(keys).toContainText('ERP da matriz');
    await expect(keys).toContainText('Todas as empresas');
    await expect(keys).not.toContainText(key!);

    // A key cannot manage keys (only the routes opened to keys answer it).
    const feed = await page.request.get(`/v1/public/api-keys`, { headers: { authorization: `Bearer ${key}` } });
    expect(feed.status()).toBe(403);

    await page.getByRole('button', { name: 'Novo webhook' }).click();
    const hookDialog = page.getByRole('dialog', { name: 'Novo webhook' });
    await hookDialog.getByLabel('URL').fill(`${receiver.url}/hook`);
    await hookDialog.getByRole('button', { name: 'Cadastrar e testar' }).click();
    const secret = await hookDialog.getByTestId('secret-value').textContent();
    expect(secret).toMatch(/^whsec_/);
    receiver.secret = secret!;
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await hookDialog.getByRole('button', { name: 'Já copiei' }).click();
    // Events named in Portuguese, not by their technical names.
    const hooks = page.getByRole('table', { name: 'Webhooks' });
    await expect(hooks).toContainText('Dados fiscais alterados');
    await expect(hooks).not.toContainText('product.changed');

    await page.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByRole('table', { name: 'Entregas do webhook' });
    await expect(log).toContainText('Entrega de teste');
    await expect(log).not.toContainText('webhook.test');
    await expect(log).toContainText('Entregue', { timeout: 20_000 });
    await page.screenshot({ path: 'test-results/integrations-deliveries-1366.png' });
    await log.getByRole('button', { name: 'Reenviar' }).first().click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    // The same message: same webhook-id, signature valid (checked with the secret shown once).
    expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);
    expect(receiver.received[1]?.signatureValid).toBe(true);
    await page.setViewportSize({ width: 1024, height: 800 });
    // At 1024 px the badge and the button of a delivery are whole inside the dialog (issue 38).
    const dialog = page.getByRole('dialog', { name: 'Entregas do webhook' });
    await expectWhollyInside(log.getByText('Entregue').first(), dialog);
    await expectWhollyInside(log.getByRole('button', { name: 'Reenviar' }).first(), dialog);
    await page.screenshot({ path: 'test-results/integrations-deliveries-1024.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Revoked keys stay listed as revoked, with who and when.
    await keys.getByRole('button', { name: 'Revogar' }).click();
    await page.getByRole('dialog', { name: 'Revogar chave' }).getByRole('button', { name: 'Revogar' }).click();
    await expect(keys.getByRole('row', { name: /ERP da matriz/ })).toContainText('Revogada');
    await expect(keys.getByRole('row', { name: /ERP da matriz/ })).toContainText(`por ${owner.name}`);

    // Every action of both tables on screen at 1024 px, the side menu as a rail beside them.
    for (const action of ['Entregas', 'Desativar', 'Excluir']) {
      await expectWhollyInside(hooks.getByRole('button', { name: action }), page.locator('main'));
    }
    await expect(page.getByRole('navigation', { name: 'Menu do parceiro' })).toBeVisible();
    await page.screenshot({ path: 'test-results/integrations-1024.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: 'test-results/integrations-1366.png', fullPage: true });
  } finally {
    await receiver.close();
  }
});
