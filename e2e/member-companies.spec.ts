import { expect, type Page, test } from '@playwright/test';
import { readLocalStorage, seedMemberWithCompanies, toast, useSessionOf } from './support/fixtures';

/** Member companies screen of spec 01 §2/§4/§5: list, search, selection, blocked and invalid companies. */

const rows = (page: Page) => page.getByRole('table', { name: 'Empresas' }).locator('tbody tr');

async function seedThree() {
  return seedMemberWithCompanies([
    { nomeFantasia: 'ALFA MERCADO', razaoSocial: 'ALFA MERCADO LTDA', uf: 'MG' },
    { nomeFantasia: 'BETA BLOQUEADA', razaoSocial: 'BETA COMERCIO LTDA', status: 'Blocked' },
    { nomeFantasia: 'GAMA PENDENTE', razaoSocial: 'GAMA SERVICOS LTDA', status: 'Pending' },
  ]);
}

test('lists the companies and selects one; a blocked company is refused', async ({ page }) => {
  const { member, companies } = await seedThree();
  await useSessionOf(page, member);
  await page.goto('/member/companies');
  await expect(page.getByRole('heading', { name: 'Empresas' })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).nth(0)).toContainText('Ativa');
  const alfa = companies[0]!;
  const masked = alfa.document.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  await expect(rows(page).nth(0)).toContainText(masked);
  await expect(rows(page).nth(0)).toContainText('ALFA MERCADO LTDA');
  await expect(rows(page).nth(1)).toContainText('Bloqueada');
  await expect(rows(page).nth(1)).toHaveAttribute('data-status', 'Blocked');
  await expect(rows(page).nth(2)).toContainText('Pendente');

  await rows(page).filter({ hasText: 'BETA BLOQUEADA' }).click();
  await expect(toast(page, 'Empresa bloqueada! Verifique com o suporte.')).toBeVisible();
  await expect(page).toHaveURL(/\/member\/companies$/);
  expect(JSON.parse((await readLocalStorage(page, 'selectedCompany')) ?? '{}')).toMatchObject({ id: 'default' });

  await rows(page).filter({ hasText: 'ALFA MERCADO' }).click();
  await expect(page).toHaveURL(/\/member\/home$/);
  expect(JSON.parse((await readLocalStorage(page, 'selectedCompany')) ?? '{}')).toEqual({
    id: alfa.id,
    nomeFantasia: 'ALFA MERCADO',
    razaoSocial: 'ALFA MERCADO LTDA',
    document: alfa.document,
    uf: 'MG',
  });
  expect(await readLocalStorage(page, 'uf')).toBe('MG');
  // Meus Produtos, Importar, Exportar, Base Global, Documentos fiscais, Saúde fiscal, Validar NF-e, Indicadores,
  // Simulação da reforma, Tickets, Integrações and Trocar empresa.
  await expect(page.getByRole('navigation', { name: 'Menu do usuário' }).getByRole('link')).toHaveCount(12);

  // back on the list the selection is highlighted
  await page.getByRole('link', { name: 'Trocar empresa' }).click();
  await expect(rows(page).filter({ hasText: 'ALFA MERCADO' })).toHaveAttribute('data-selected', 'true');
});

test('search filters by nome fantasia (Enter, button, or typing pause)', async ({ page }) => {
  const { member } = await seedThree();
  await useSessionOf(page, member);
  await page.goto('/member/companies');
  const search = page.getByPlaceholder('Pesquisar Empresas pelo nome fantasia');
  await expect(rows(page)).toHaveCount(3);

  await search.fill('mercado');
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('ALFA MERCADO');

  await search.fill('PENDEN');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('GAMA PENDENTE');

  // debounce: no key, no click
  await search.fill('a');
  await expect(rows(page)).toHaveCount(3);
  await search.fill('nada disso');
  await expect(page.getByText('Nenhuma empresa encontrada')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('?companyId= selects that company on load; an unknown id warns and selects nothing', async ({ page }) => {
  const { member, companies } = await seedThree();
  await useSessionOf(page, member);
  const gama = companies[2]!;
  await page.goto(`/member/companies?companyId=${gama.id}`);
  await expect(page).toHaveURL(/\/member\/home$/);
  expect(JSON.parse((await readLocalStorage(page, 'selectedCompany')) ?? '{}')).toMatchObject({ id: gama.id });

  await page.goto('/member/companies?companyId=5f1e2d3c-0000-4000-8000-000000000000');
  await expect(toast(page, 'Empresa inválida!')).toBeVisible();
  await expect(page).toHaveURL(/\/member\/companies\?companyId=/);
});

test('a remembered company that is no longer accessible resets to default', async ({ page }) => {
  const { member } = await seedThree();
  const other = await seedMemberWithCompanies([{ nomeFantasia: 'DE OUTRO MEMBRO' }]);
  await useSessionOf(page, member, other.companies[0]);
  await page.goto('/member/companies');
  await expect(rows(page)).toHaveCount(3);
  await expect
    .poll(async () => JSON.parse((await readLocalStorage(page, 'selectedCompany')) ?? '{}').id)
    .toBe('default');
  await page.goto('/member/home');
  await expect(page).toHaveURL(/\/member\/companies$/);
});

test('a member without companies sees the empty state', async ({ page }) => {
  const { member } = await seedMemberWithCompanies([]);
  await useSessionOf(page, member);
  await page.goto('/member/companies');
  await expect(page.getByText('Nenhuma empresa encontrada')).toBeVisible();
  await expect(page.getByText('Você ainda não tem acesso a empresas.')).toBeVisible();
});
