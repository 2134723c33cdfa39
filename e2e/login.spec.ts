import { expect, test } from '@playwright/test';
import {
  E2E,
  readLocalStorage,
  readMail,
  readSessionStorage,
  readSetPasswordLink,
  seedUser,
  signInAs,
  toast,
} from './support/fixtures';

/** Login screen of spec 01 §2/§5: e-mail, password, create-password through the e-mailed link. */

test('first sign-in of a user without password: link by e-mail, create the password, sign in', async ({ page }) => {
  const admin = await seedUser('Admin', { name: 'Beatriz Primeira', password: null });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByRole('button', { name: 'Prosseguir' }).click();

  // no password yet → create-password step with the greeting
  await expect(page.getByRole('heading', { name: 'Olá, Beatriz Primeira' })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar Senha' }).click();
  await expect(toast(page, 'Preencha os dois campos')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('Primeira@123');
  await page.getByLabel('Confirmar Senha').fill('Outra@123');
  await page.getByRole('button', { name: 'Cadastrar Senha' }).click();
  await expect(toast(page, 'As senhas não são iguais! Verifique')).toBeVisible();

  // Knowing the e-mail is not enough: the server e-mails a link and the page says so.
  await page.getByLabel('Confirmar Senha').fill('Primeira@123');
  await page.getByRole('button', { name: 'Cadastrar Senha' }).click();
  await expect(page.getByTestId('login-notice')).toContainText('Enviamos um link para o seu e-mail');
  const link = await readSetPasswordLink(admin.email);
  expect(link).toHaveLength(43);

  await page.goto(link);
  await page.getByLabel('Senha', { exact: true }).fill('Primeira@123');
  await page.getByLabel('Confirmar Senha').fill('Primeira@123');
  await page.getByRole('button', { name: 'Cadastrar Senha' }).click();
  await expect(toast(page, 'Senha cadastrada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // the e-mail is remembered; now the password step
  await expect(page.getByLabel('E-mail')).toHaveValue(admin.email);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await page.getByLabel('Senha').fill('Primeira@123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/partner\/home$/);

  // a used link does not work twice
  await page.goto(link);
  await page.getByLabel('Senha', { exact: true }).fill('Segunda@123');
  await page.getByLabel('Confirmar Senha').fill('Segunda@123');
  await page.getByRole('button', { name: 'Cadastrar Senha' }).click();
  await expect(page.locator('.mantine-Notification-root[data-level="error"]').first()).toBeVisible();
});

test("'Esqueci minha senha' e-mails a reset link that replaces the password", async ({ page }) => {
  const user = await seedUser('PartnerOwner', { name: 'Carlos Esquecido' });
  const before = (await readMail(user.email)).length;
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Carlos Esquecido' })).toBeVisible();
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await expect(toast(page, 'Enviamos um e-mail com o link para cadastrar sua senha.')).toBeVisible();

  const link = await readSetPasswordLink(user.email, before);
  await page.goto(link);
  await page.getByLabel('Senha', { exact: true }).fill('Nova@12345');
  await page.getByLabel('Confirmar Senha').fill('Nova@12345');
  await page.getByRole('button', { name: 'Cadastrar Senha' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInAs(page, { email: user.email, password: 'Nova@12345' });
  await expect(page).toHaveURL(/\/partner\/home$/);
});

const landings = [
  { role: 'PartnerOwner', path: '/partner/home' },
  { role: 'PartnerContributor', path: '/partner/home' },
  { role: 'Member', path: '/member/companies' },
] as const;

for (const { role, path } of landings) {
  test(`${role} signs in with e-mail and password and lands on ${path}`, async ({ page }) => {
    const user = await seedUser(role, { name: `Pessoa ${role}` });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Prosseguir' }).click();
    await expect(page.getByRole('heading', { name: `Olá, Pessoa ${role}` })).toBeVisible();
    await page.getByLabel('Senha').fill(user.password!);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const session = JSON.parse((await readSessionStorage(page, 'session')) ?? '{}');
    expect(session).toMatchObject({ name: `Pessoa ${role}`, role });
    expect(session.token).toBeTruthy();
    expect(await readLocalStorage(page, 'email')).toBe(user.email);
  });
}

test('the bootstrap Admin signs in and lands on the dashboard', async ({ page }) => {
  await signInAs(page, { email: E2E.adminEmail, password: E2E.adminPassword });
  await expect(page).toHaveURL(/\/partner\/home$/);
  await expect(page.getByTestId('user-role')).toHaveText('Administrador');
});

test("a wrong password gives 'Senha incorreta!' and 'Voltar' returns to the e-mail", async ({ page }) => {
  const user = await seedUser('Member');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await page.getByLabel('Senha').fill('errada-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(toast(page, 'Senha incorreta!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSessionStorage(page, 'session')).toBeNull();

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
});

test("an unknown e-mail gives 'E-mail não cadastrado ou incorreto!'", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('ninguem@e2e.test');
  await page.getByRole('button', { name: 'Prosseguir' }).click();
  await expect(toast(page, 'E-mail não cadastrado ou incorreto!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
});
