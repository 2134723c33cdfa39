import type { Page } from '@playwright/test';

/**
 * From "Regras Fiscais": filters the rules by NCM, opens the first rule's SP state rule, its products, the product's
 * details dialog and its "Calculadora ST" tab. Answers the calculator.
 */
export async function openStCalculatorOf(page: Page, ncm: string, description: string) {
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const filter = page.getByRole('dialog', { name: 'Filtrar regras fiscais' });
  await filter.getByLabel('NCM').fill(ncm);
  await filter.getByLabel('NCM').press('Enter');
  await page.getByTestId('rules-table').locator('tbody tr').first().click();
  await page
    .getByTestId('state-rules-table')
    .getByRole('button', { name: /Ações da regra SP/ })
    .click();
  await page.getByRole('menuitem', { name: 'Produtos' }).click();
  await page.getByTestId('rule-products').getByText(description).click();
  const details = page.getByRole('dialog', { name: description });
  await details.getByRole('tab', { name: 'Calculadora ST' }).click();
  return details.getByTestId('st-calculator');
}
