// Mantine's stylesheet is imported component by component (src/client/app/styles/*.ts, page
// weight). A component whose styles are not imported renders unstyled and nothing else would notice:
// this test fails when a client file uses a Mantine component whose stylesheet no styles file imports,
// and when a public screen (sign-in, sign-up, passwords, the second factor, the privacy notice, the
// parent's consent, errors) uses one not in public.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'src/client');
const STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles');

/** Components whose styles come with another component's (no stylesheet of their own or built on one). */
const BUILT_ON: Record<string, string[]> = {
  TextInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  NativeSelect: ['Input', 'Combobox'],
  Textarea: ['Input'],
  FileInput: ['Input'],
  NumberInput: ['Input'],
  Select: ['Input', 'Combobox', 'Popover'],
  Autocomplete: ['Input', 'Combobox', 'Popover'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'Pill', 'PillsInput'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton'],
  Menu: ['Popover'],
  Checkbox: ['InlineInput'],
  Radio: ['InlineInput'],
  Switch: ['InlineInput'],
  Button: ['UnstyledButton', 'Loader'],
  Anchor: ['Text'],
};

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function usedComponents(file: string): Set<string> {
  const src = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    for (const raw of (m[1] ?? '').split(',')) {
      const n = raw.trim();
      if (/^[A-Z]/.test(n)) names.add(n.split(/\s+as\s+/)[0] ?? n);
    }
  }
  return names;
}

/** Stylesheets a component needs: its own (if Mantine ships one) and those of what it is built on. */
function needed(component: string): string[] {
  const own = fs.existsSync(path.join(STYLES, `${component}.layer.css`)) ? [component] : [];
  return [...own, ...(BUILT_ON[component] ?? []).flatMap(needed)];
}

function imported(file: string): Set<string> {
  const src = fs.readFileSync(file, 'utf8');
  return new Set([...src.matchAll(/@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css/g)].map((m) => m[1] ?? ''));
}

const publicStyles = imported(path.join(CLIENT, 'app/styles/public.ts'));
const allStyles = new Set(files(CLIENT).flatMap((f) => [...imported(f)]));

const PUBLIC_SCREENS = [
  'features/accounts/signin-page.tsx',
  'features/accounts/signup-page.tsx',
  'features/accounts/confirm-email-page.tsx',
  'features/accounts/resend-link.tsx',
  'features/accounts/role-select.tsx',
  'features/accounts/account-card.tsx',
  'components/contact-inputs.tsx',
  'components/new-password-fields.tsx',
  'features/passwords/forgot-password-page.tsx',
  'features/passwords/reset-password-page.tsx',
  'features/second-factor/second-factor-page.tsx',
  'features/second-factor/second-factor-card.tsx',
  'features/privacy/privacy-page.tsx',
  'features/privacy/parent-consent-page.tsx',
  'features/contact/contact-modal.tsx',
  'app/layouts/public-layout.tsx',
  'app/layouts/app-header.tsx',
  'app/route-error.tsx',
  'components/language-button.tsx',
  'components/loading.tsx',
];

describe('Mantine styles imported per component', () => {
  it('the public screens find their styles in public.ts', () => {
    const missing = PUBLIC_SCREENS.flatMap((f) =>
      [...usedComponents(path.join(CLIENT, f))]
        .flatMap(needed)
        .filter((c) => !publicStyles.has(c))
        .map((c) => `${f}: ${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('every component used anywhere has its styles imported somewhere', () => {
    const missing = files(CLIENT).flatMap((f) =>
      [...usedComponents(f)]
        .flatMap(needed)
        .filter((c) => !allStyles.has(c))
        .map((c) => `${path.relative(CLIENT, f)}: ${c}`),
    );
    expect(missing).toEqual([]);
  });

  it('reads real imports (the check itself works)', () => {
    expect(usedComponents(path.join(CLIENT, 'features/accounts/account-card.tsx')).has('Button')).toBe(true);
    expect(publicStyles.has('Button')).toBe(true);
    expect(needed('PasswordInput')).toEqual(expect.arrayContaining(['PasswordInput', 'Input', 'ActionIcon']));
  });
});
