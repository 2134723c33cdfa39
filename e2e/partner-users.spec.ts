import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { linkMemberToCompany } from '../server/src/db/factories';
import { users } from '../server/src/db/schema';
import { e2eDb } from './support/db';
import { readMail, seedCompany, seedPartner, seedUser, toast, useSessionOf } from './support/fixtures';

/** Partner users screen (spec 01 §2–§6): create/edit, role limits, company access, password reset. */

async function openUsersAs(page: Page, user: Parameters<typeof useSessionOf>[1]) {
  await useSessionOf(page, user);
  await page.goto('/partner/users');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
}

const createDialog = (page: Page) => page.getByRole('dialog', { name: 'Cadastro de Usuário' });
const actionsOf = (page: Page, name: string) => page.getByRole('button', { name: `Ações de ${name}` });

async function roleChoices(page: Page, dialog: ReturnType<typeof createDialog>) {
  await dialog.getByLabel('Função').click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

test('PartnerOwner creates a user: only Colaborador/Usuário offered, validation, new row on top', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  await seedUser('Member', { name: 'Ana Antiga', partnerId: partner.id, lastAccess: null });
  await openUsersAs(page, owner);
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByLabel('Total de usuários')).toHaveText('2');
  const anaRow = page.getByRole('row', { name: /Ana Antiga/ });
  await expect(anaRow).toContainText('Usuário');
  await expect(anaRow).toContainText('Ativo');
  await expect(anaRow.getByRole('cell').nth(4)).toHaveText('-');

  await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
  const dialog = createDialog(page);
  expect(await roleChoices(page, dialog)).toEqual(['Colaborador', 'Usuário']);
  await expect(dialog).toBeVisible();
  for (const label of ['Gravar', 'Visualizar', 'Deletar', 'Importar', 'Exportar']) {
    await expect(dialog.getByLabel(label)).toBeChecked();
  }

  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Preencha o campo do nome!')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Zeca Novo');
  await dialog.getByLabel('Nome').press('Enter');
  await expect(toast(page, 'Preencha o campo do e-mail!')).toBeVisible();

  const email = `zeca-${Date.now()}@example.com`;
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Função').click();
  await page.getByRole('option', { name: 'Colaborador' }).click();
  await dialog.getByLabel('Deletar').uncheck();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Usuário cadastrado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the new user is added at the top (not sorted by name)
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Zeca Novo');
  await expect(firstRow).toContainText('Colaborador');
  await expect(page.getByLabel('Total de usuários')).toHaveText('3');
});

test('a taken e-mail is refused with the spec message', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const existing = await seedUser('Member', { partnerId: partner.id });
  await openUsersAs(page, owner);
  await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
  const dialog = createDialog(page);
  await dialog.getByLabel('Nome').fill('Outro Nome');
  await dialog.getByLabel('E-mail').fill(existing.email);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Não foi possível cadastrar o usuário, verifique!')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('Admin may assign every role and places a new user in a partner', async ({ page }) => {
  const partner = await seedPartner();
  await openUsersAs(page, await seedUser('Admin'));
  await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
  const dialog = createDialog(page);
  expect(await roleChoices(page, dialog)).toEqual(['Administrador', 'Proprietário', 'Colaborador', 'Usuário']);
  const email = `fabio-${Date.now()}@example.com`;
  await dialog.getByLabel('Nome').fill('Fabio Proprietario');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Função').click();
  await page.getByRole('option', { name: 'Proprietário' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Informe o parceiro do usuário.')).toBeVisible();
  await dialog.getByLabel('Parceiro').click();
  await page.getByRole('option', { name: partner.name }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Usuário cadastrado com sucesso!')).toBeVisible();
  const [saved] = await e2eDb().select().from(users).where(eq(users.email, email));
  expect(saved).toMatchObject({ role: 'PartnerOwner', partnerId: partner.id });
});

test('PartnerContributor may assign only Usuário', async ({ page }) => {
  await openUsersAs(page, await seedUser('PartnerContributor'));
  await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
  expect(await roleChoices(page, createDialog(page))).toEqual(['Usuário']);
});

test('PartnerContributor is not offered Alterar on a PartnerOwner, only on whom the role may alter', async ({
  page,
}) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { name: 'Otávio Dono', partnerId: partner.id });
  const member = await seedUser('Member', { name: 'Mara Membro', partnerId: partner.id });
  const contributor = await seedUser('PartnerContributor', { name: 'Ciro Colab', partnerId: partner.id });
  await openUsersAs(page, contributor);

  await actionsOf(page, owner.name).click();
  await expect(page.getByRole('menuitem', { name: 'Resetar senha' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Resetar senha' })).toHaveCount(0);

  await actionsOf(page, member.name).click();
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toHaveCount(0);

  // one's own row can always be altered (name, e-mail)
  await actionsOf(page, contributor.name).click();
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toBeVisible();
});

test('edits a user; Empresas is offered only for Members', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const member = await seedUser('Member', { name: 'Bruno Membro', partnerId: partner.id });
  const contributor = await seedUser('PartnerContributor', { name: 'Carla Colab', partnerId: partner.id });
  await openUsersAs(page, owner);

  await actionsOf(page, contributor.name).click();
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Empresas' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The first menu must be gone (its closing transition) before the next one opens.
  await expect(page.getByRole('menuitem', { name: 'Alterar' })).toHaveCount(0);

  await actionsOf(page, member.name).click();
  await expect(page.getByRole('menuitem', { name: 'Empresas' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Alterar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alteração de Usuário' });
  await expect(dialog.getByLabel('Nome')).toHaveValue('Bruno Membro');
  await expect(dialog.getByLabel('E-mail')).toHaveValue(member.email);
  await dialog.getByLabel('Nome').fill('Bruno Alterado');
  await dialog.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Inativo' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Usuário alterado com sucesso!')).toBeVisible();
  const row = page.getByRole('row', { name: /Bruno Alterado/ });
  await expect(row).toContainText('Inativo');

  // Escape closes the modal
  await actionsOf(page, 'Bruno Alterado').click();
  await page.getByRole('menuitem', { name: 'Alterar' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("manages a member's company access", async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const member = await seedUser('Member', { name: 'Dora Membro', partnerId: partner.id });
  const linked = await seedCompany(partner.id, { nomeFantasia: 'ALFA MERCADO' });
  await seedCompany(partner.id, { nomeFantasia: 'BETA FARMA' });
  await linkMemberToCompany(e2eDb(), member.id, linked.id);
  await openUsersAs(page, owner);

  await actionsOf(page, member.name).click();
  await page.getByRole('menuitem', { name: 'Empresas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Controle de acesso a empresas' });
  const access = dialog.getByLabel('Empresas com acesso');
  await expect(access).toContainText('ALFA MERCADO');
  await expect(access).not.toContainText('BETA FARMA');
  await expect(dialog.getByText('Preencha o campo de pesquisa para procurar por uma empresa')).toBeVisible();

  await dialog.getByRole('button', { name: 'Adicionar empresa' }).click();
  await expect(toast(page, 'Nenhuma empresa selecionada!')).toBeVisible();

  const search = dialog.getByLabel('Pesquisar empresa pelo nome fantasia');
  await search.fill('zzz');
  await expect(dialog.getByText('Nenhuma empresa encontrada')).toBeVisible();

  // case-insensitive, contained text
  await search.fill('alfa');
  await dialog.getByRole('option', { name: /ALFA MERCADO/ }).click();
  await dialog.getByRole('button', { name: 'Adicionar empresa' }).click();
  await expect(toast(page, 'Usuário já tem acesso a essa empresa!')).toBeVisible();

  await search.fill('eta fa');
  await dialog.getByRole('option', { name: /BETA FARMA/ }).click();
  await dialog.getByRole('button', { name: 'Adicionar empresa' }).click();
  await expect(toast(page, 'Acesso à empresa concedido com sucesso!')).toBeVisible();
  await expect(access).toContainText('BETA FARMA');

  await access.getByRole('button', { name: 'Remover acesso à empresa ALFA MERCADO' }).click();
  await expect(toast(page, 'Acesso à empresa removido com sucesso!')).toBeVisible();
  await expect(access).not.toContainText('ALFA MERCADO');
  await expect(access).toContainText('BETA FARMA');
});

test('resets a password after confirmation', async ({ page }) => {
  const partner = await seedPartner();
  const owner = await seedUser('PartnerOwner', { partnerId: partner.id });
  const member = await seedUser('Member', { name: 'Eva Senha', partnerId: partner.id });
  await openUsersAs(page, owner);

  await actionsOf(page, member.name).click();
  await page.getByRole('menuitem', { name: 'Resetar senha' }).click();
  const confirm = page.getByRole('dialog', { name: 'Aviso' });
  await expect(confirm).toContainText(
    `Deseja realmente enviar um e-mail de alteração de senha para o email ${member.email}?`,
  );
  await confirm.getByRole('button', { name: 'Enviar' }).click();
  await expect(toast(page, 'Enviamos um e-mail com o link para cadastrar sua senha.')).toBeVisible();

  await expect.poll(async () => (await readMail(member.email)).length).toBe(1);
});

test("an Admin's company search for a Member lists only the companies of the Member's partner", async ({ page }) => {
  const partner = await seedPartner();
  const other = await seedPartner();
  const member = await seedUser('Member', { name: 'Rita Membro', partnerId: partner.id });
  await seedCompany(partner.id, { nomeFantasia: 'GAMA MERCADO PROPRIO' });
  await seedCompany(other.id, { nomeFantasia: 'GAMA MERCADO ALHEIO' });
  await openUsersAs(page, await seedUser('Admin'));

  await actionsOf(page, member.name).click();
  await page.getByRole('menuitem', { name: 'Empresas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Controle de acesso a empresas' });
  await dialog.getByLabel('Pesquisar empresa pelo nome fantasia').fill('gama mercado');
  await expect(dialog.getByRole('option', { name: /GAMA MERCADO PROPRIO/ })).toBeVisible();
  await expect(dialog.getByRole('option', { name: /GAMA MERCADO ALHEIO/ })).toHaveCount(0);
});
