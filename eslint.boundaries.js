// Import boundaries, as lint rules (docs/style.md#layout-one-npm-package): the client never imports
// server code or Node built-ins; a client feature imports only its own files, the shared client code
// (src/client/app, components, lib) and src/shared; src/shared imports nothing else of ours.
// tests/boundaries.test.ts lints a violation of each rule to prove it is caught.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';

const FEATURES_DIR = path.join(import.meta.dirname, 'src/client/features');
export const CLIENT_FEATURES = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Another feature's screen or widget that a feature composes today. Kept short and explicit; each is a
 * candidate to move to src/client/components when the features are next reorganised.
 */
export const COMPOSED_ACROSS_FEATURES = [
  '#client/features/contact/contact-modal.tsx',
  '#client/features/home/home-page.tsx',
  '#client/features/assistant/assistant-widget.tsx',
  // Round two's release tracker and deadlines mount their cards on other features' screens.
  '#client/features/deadlines/next-hearing.tsx',
  '#client/features/deadlines/deadline-flags.tsx',
  '#client/features/cases/release-explainer.tsx',
  '#client/features/cases/jail-release.tsx',
  '#client/features/cases/client-release.tsx',
  '#client/features/cases/case-facts-fields.tsx',
  '#client/features/cases/facts-draft.ts',
  '#client/features/cases/facts-stale-notice.tsx',
  // The money route after bail: the family's card and the jail's and lawyer's papers.
  '#client/features/cases/bail-money-route.tsx',
  '#client/features/notifications/reminder-email-setting.tsx',
  // The profile shows the second factor's state and the way to add one.
  '#client/features/second-factor/second-factor-card.tsx',
  // The profile shows the family member's rights (their data, nominee, erasure); /my-data words its
  // access-log rows as the access log's own screen does (docs/decisions/0054-rights-a-family-can-use.md).
  '#client/features/my-data/rights-cards.tsx',
  '#client/features/access-log/access-texts.ts',
  // Notice and consent: the prisoner's consent on /fmform, a new case and the case page; the member's
  // own on the profile (docs/decisions/0053-notice-and-consent.md).
  '#client/features/privacy/consent-choice.tsx',
  '#client/features/privacy/prisoner-consent-panel.tsx',
  '#client/features/privacy/own-consent-card.tsx',
];

// Patterns are regular expressions: in the gitignore syntax of `group`, a leading '#' starts a comment,
// so '#server/*' there would match nothing.
const serverPattern = { regex: '^#server/|(^|/)server/', message: 'Client code never imports server code.' };
const nodePattern = { group: ['node:*'], message: 'Client code runs in the browser: no Node built-ins.' };
const nodePaths = builtinModules
  .filter((m) => !m.startsWith('_'))
  .map((name) => ({ name, message: 'Client code runs in the browser: no Node built-ins.' }));

const clientRule = (extraPatterns = []) => ['error', { paths: nodePaths, patterns: [serverPattern, nodePattern, ...extraPatterns] }];

export const boundaries = [
  {
    files: ['src/client/**/*.{ts,tsx}'],
    // Unit tests beside client code run in Node, not in the browser.
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': clientRule() },
  },
  ...CLIENT_FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    ignores: [`src/client/features/${feature}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': clientRule([
        {
          regex: `^#client/features/(?!${feature}/)(?!(${COMPOSED_ACROSS_FEATURES.map((p) => p.slice('#client/features/'.length).replace(/\./g, '\\.')).join('|')})$)`,
          message: `A feature imports only its own files, src/client/{app,components,lib} and src/shared (this is ${feature}).`,
        },
        { regex: '^\\.\\./', message: 'Import another folder through #client/… or #shared/…, not a relative path out of the feature.' },
      ]),
    },
  })),
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^#(server|client)/|(^|/)(server|client)/', message: 'src/shared imports nothing else of ours.' }],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^#client/|(^|/)client/', message: 'Server code never imports client code.' }] },
      ],
    },
  },
];
