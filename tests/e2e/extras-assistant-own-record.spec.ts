// Issue 13 point 12: the assistant answers "what is my case status", "who is my lawyer" from the
// member's own record, in the chosen language, and says when it does not know a date yet; "when is the
// next date?" and "when will bail come?" in English and Hindi.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signUpViaApi } from './helpers.ts';

const panel = (page: Page) => page.getByRole('dialog', { name: /Rihaai/ });

async function ask(page: Page, label: RegExp, send: RegExp, question: string) {
  await panel(page).getByLabel(label).fill(question);
  await panel(page).getByRole('button', { name: send }).click();
}

test('answers own-record questions from the member’s data, in English and in Hindi', async ({ page }) => {
  await signUpViaApi(page, 'Family-Member');
  const caseNumber = `FIR-${Date.now().toString(36)}`;
  const res = await page.request.put('/api/family/registration', {
    data: {
      prisonerConsent: 'visit',
      phone: '9876543210',
      address: '3 Lajpat Nagar, Delhi',
      caseNumber,
      detail: 'Held under IPC 379.',
      caseType: 'Criminal Defense Lawyer',
    },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/family-member');
  await page.getByRole('button', { name: 'Open the Rihaai assistant' }).click();
  await ask(page, /^Your question/, /^Send$/, 'what is my case status');
  const log = panel(page).getByRole('log');
  await expect(log).toContainText(`Your case ${caseNumber} is registered. No lawyer has been asked to take it yet.`);
  await expect(log).toContainText('15100');
  await ask(page, /^Your question/, /^Send$/, 'when is the next hearing?');
  await expect(log).toContainText('Your record has no hearing date yet.');
  // How to find the next date: the eCourts SMS and the court's e-Sewa Kendra.
  await ask(page, /^Your question/, /^Send$/, 'When is the next date?');
  await expect(log).toContainText('to 9766899899.');
  await expect(log).toContainText('Or ask at the e-Sewa Kendra at the district court');
  // When bail comes: where things stand, the bail stage and the court.
  await ask(page, /^Your question/, /^Send$/, 'When will bail come?');
  await expect(log).toContainText(
    'Your family member has no lawyer yet — ask a lawyer in Legal Services, or call 15100 for free legal aid.',
  );
  await expect(log).toContainText('Bail has not been accepted yet. Only the court orders the release');
  await ask(page, /^Your question/, /^Send$/, 'who is my lawyer');
  await expect(log).toContainText('You have no lawyer yet.');
  await expectAccessible(page, 'assistant own-record answers');
  await log.getByRole('link', { name: 'Go to Legal Services' }).last().click();
  await expect(page).toHaveURL(/\/lawyerSearch$/);

  // Hindi: the same question in Hindi, answered in Hindi.
  await page.evaluate(() => localStorage.setItem('rihaai.language', 'hi'));
  await page.goto('/family-member');
  await page.getByRole('button', { name: /सहायक/ }).click();
  const hiLog = panel(page).getByRole('log');
  await panel(page).getByRole('textbox').fill('मेरे केस की स्थिति क्या है?');
  await panel(page).getByRole('textbox').press('Enter');
  await expect(hiLog).toContainText(`आपका मामला ${caseNumber} दर्ज है।`);
  await panel(page).getByRole('textbox').fill('ज़मानत कब मिलेगी?');
  await panel(page).getByRole('textbox').press('Enter');
  await expect(hiLog).toContainText('आपके परिजन का अभी कोई वकील नहीं है — कानूनी सेवाएँ में वकील से कहें');
  await expect(hiLog).toContainText('अभी ज़मानत मंज़ूर नहीं हुई है। रिहाई का आदेश सिर्फ़ अदालत देती है');
  await panel(page).getByRole('textbox').fill('अगली तारीख कब है?');
  await panel(page).getByRole('textbox').press('Enter');
  await expect(hiLog).toContainText('9766899899 पर SMS भेजें');
  await expect(hiLog).toContainText('ज़िला अदालत के ई-सेवा केंद्र पर पूछें');
  await expectAccessible(page, 'assistant answers in Hindi');
});
