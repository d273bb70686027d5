import { expect, test, type Page } from '@playwright/test';
import { barEnrolment, expectAccessible, expectNoHorizontalScroll, signUpViaApi, verifySignedInLawyer } from './helpers.ts';

const panel = (page: Page) => page.getByRole('dialog', { name: 'Rihaai assistant' });

/** A family member with a registered case (an unregistered one is steered to /fmform). */
async function registeredFamily(page: Page) {
  await signUpViaApi(page, 'Family-Member');
  const res = await page.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: '3 Lajpat Nagar, Delhi',
      caseNumber: 'FIR-9/2024',
      detail: 'Held under IPC 379.',
      caseType: 'Criminal Defense Lawyer',
    },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A lawyer with a completed /lawyerform, enrolment verified (an unregistered one is steered there). */
async function registeredLawyer(page: Page) {
  await signUpViaApi(page, 'Lawyer');
  const res = await page.request.put('/api/lawyers/registration', {
    data: {
      phone: '9811122233',
      address: 'Chamber 4, Saket Courts',
      lawyerType: 'Criminal Defense Lawyer',
      courtArea: 'Saket',
      ...barEnrolment(),
    },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await verifySignedInLawyer(page.request);
}

async function ask(page: Page, question: string) {
  await panel(page).getByLabel('Your question').fill(question);
  await panel(page).getByRole('button', { name: 'Send' }).click();
}

test('answers a question in other words and links to the right screen', async ({ page }) => {
  await registeredFamily(page);
  await page.goto('/family-member');
  // The assistant's code and knowledge load only when it is opened.
  await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByLabel('Your question')).toBeFocused();
  await ask(page, 'can somebody help me hire an advocate for my brother');
  const log = panel(page).getByRole('log');
  await expect(log).toContainText('Open Legal Services: it lists lawyers whose type matches your case type');
  await log.getByRole('link', { name: 'Go to Legal Services' }).click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);
});

test('links to each role’s own screen', async ({ page }) => {
  await registeredLawyer(page);
  await page.goto('/lawyer');
  await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
  await ask(page, 'how do I send the bail order for my client');
  await panel(page).getByRole('log').getByRole('link', { name: 'Go to Current case status' }).click();
  await expect(page).toHaveURL(/\/lawyer-cases$/);

  await page.context().clearCookies();
  await signUpViaApi(page, 'Jail-Authority');
  await page.goto('/jail-authority');
  await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
  await panel(page).getByRole('button', { name: 'What is a bail paper?' }).click();
  await panel(page).getByRole('log').getByRole('link', { name: 'Go to Bail Consideration Application' }).click();
  await expect(page).toHaveURL(/\/bail-page$/);
});

test('answers in Hindi when Hindi is the chosen language', async ({ page }) => {
  await registeredFamily(page);
  await page.addInitScript(() => localStorage.setItem('rihaai.language', 'hi'));
  await page.goto('/family-member');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // By id: the button's label is in Hindi once the interface is translated.
  await page.locator('#rihaai-assistant-toggle').click();
  const dialog = page.locator('#rihaai-assistant');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'मुफ़्त कानूनी सहायता कैसे मिलेगी?' })).toBeVisible();
  await dialog.getByRole('textbox').fill('हमारे पास पैसे नहीं हैं, फ्री वकील कैसे मिलेगा');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog.getByRole('log')).toContainText('मुफ़्त कानूनी सहायता एक अधिकार है');
  await expect(dialog.getByRole('log')).toContainText('15100');
  await dialog.getByRole('log').locator('a[href="/lawyerSearch"]').click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);
});

test('says politely when it has no answer and offers the contact form', async ({ page }) => {
  await signUpViaApi(page, 'Jail-Authority');
  await page.goto('/jail-authority');
  await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
  await ask(page, 'who won the cricket match yesterday');
  await expect(panel(page).getByRole('log')).toContainText('Sorry, I have no answer to that yet.');
  await panel(page).getByRole('log').getByRole('button', { name: 'Contact Us' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Us' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Contact Us' }).getByRole('button', { name: 'Close' }).click();
  // Escape closes the panel and gives the focus back to its button.
  await panel(page).getByLabel('Your question').press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open the Rihaai assistant' })).toBeFocused();
});

test.describe('accessibility', () => {
  for (const width of [360, 1280]) {
    test(`home with the assistant open at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await registeredFamily(page);
      await page.goto('/family-member');
      await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
      await ask(page, 'what is an NGO seat');
      await ask(page, 'tell me a joke');
      await expect(panel(page).getByRole('log')).toContainText('Sorry, I have no answer to that yet.');
      await expectAccessible(page, 'assistant');
      await expectNoHorizontalScroll(page);
    });
  }
});
