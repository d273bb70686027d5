// The sign-in and sign-up form state. A few lines of React state instead of @mantine/form, which is
// ~6 KB gzip the sign-in screen would otherwise load; the other forms keep
// @mantine/form. Same surface as the part of useForm these two pages use.
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailPattern } from '#shared/email.ts';
import { LIMITS, ROLES } from '#shared/constants.ts';
import { metaQuery } from './accounts.api.ts';

export interface AccountFormValues {
  role: string;
  name: string;
  email: string;
  password: string;
  registrationCode: string;
}

type Field = keyof AccountFormValues;
type Errors = Partial<Record<Field, string>>;

const INITIAL: AccountFormValues = { role: '', name: '', email: '', password: '', registrationCode: '' };

/** The sign-in and sign-up form: same fields and rules, sign-up adds name and password length. */
export function useAccountForm(mode: 'signIn' | 'signUp') {
  const { t } = useTranslation('accounts');
  const meta = useQuery(metaQuery);
  const domains = meta.data?.emailDomains ?? ['gmail.com'];
  const pattern = emailPattern(domains);
  const [values, setValues] = useState<AccountFormValues>(INITIAL);
  const [errors, setErrors] = useState<Errors>({});

  const rules: Record<Field, (v: string, all: AccountFormValues) => string | null> = {
    role: (v) => ((ROLES as readonly string[]).includes(v) ? null : t('role.required')),
    name: (v) => (mode === 'signIn' || v.trim() ? null : t('name.required')),
    email: (v) => (!v.trim() ? t('email.required') : pattern.test(v.trim()) ? null : t('email.invalid')),
    password: (v) =>
      !v
        ? t('password.required')
        : mode === 'signUp' && v.length < LIMITS.passwordMin
          ? t('password.tooShort', { min: LIMITS.passwordMin })
          : null,
    registrationCode: (v, all) => (mode === 'signUp' && all.role === 'Jail-Authority' && !v.trim() ? t('registrationCode.required') : null),
  };

  return {
    values,
    getInputProps: (field: Field) => ({
      value: values[field],
      error: errors[field],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const value = e.currentTarget.value;
        setValues((prev) => ({ ...prev, [field]: value }));
        // Like @mantine/form: typing in a field clears its error.
        setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
      },
    }),
    onSubmit: (onValid: (v: AccountFormValues) => void, onInvalid?: (errors: Errors) => void) => (e?: FormEvent<HTMLFormElement>) => {
      e?.preventDefault();
      const found: Errors = {};
      for (const field of Object.keys(rules) as Field[]) {
        const message = rules[field](values[field], values);
        if (message) found[field] = message;
      }
      setErrors(found);
      if (Object.keys(found).length > 0) onInvalid?.(found);
      else onValid(values);
    },
  };
}
