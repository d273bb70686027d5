// The sign-in and sign-up form state. A few lines of React state instead of @mantine/form, which is
// ~6 KB gzip the sign-in screen would otherwise load; the other forms keep
// @mantine/form. Same surface as the part of useForm these two pages use, and the same resolver.
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailPattern } from '#shared/email.ts';
import { schemaResolver, type FieldTexts } from '#client/lib/form-resolver.ts';
import { metaQuery } from './accounts.api.ts';
import { signInChecks, signUpChecks } from './account-checks.ts';
import { lastRole } from './last-role.ts';

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

const TEXTS: FieldTexts = {
  role: 'role.required',
  name: { required: 'name.required' },
  email: { required: 'email.required', otherwise: 'email.invalid' },
  password: { required: 'password.required', too_short: 'password.tooShort' },
  registrationCode: { required: 'registrationCode.required' },
};

/** The sign-in and sign-up form: same fields and rules, sign-up adds name and password length. */
export function useAccountForm(mode: 'signIn' | 'signUp') {
  const { t } = useTranslation('accounts');
  const meta = useQuery(metaQuery);
  const pattern = emailPattern(meta.data?.emailDomains ?? ['gmail.com']);
  const validate = schemaResolver<AccountFormValues>(mode === 'signIn' ? signInChecks(pattern) : signUpChecks(pattern), t, {
    texts: TEXTS,
  });
  // Sign-in starts with the role last used on this device.
  const [values, setValues] = useState<AccountFormValues>(() => (mode === 'signIn' ? { ...INITIAL, role: lastRole() } : INITIAL));
  const [errors, setErrors] = useState<Errors>({});

  return {
    values,
    /** Sets a field as if typed (e.g. a suggested correction of the e-mail). */
    setValue: (field: Field, value: string) => {
      setValues((prev) => ({ ...prev, [field]: value }));
      setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
    },
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
      const found: Errors = validate(values);
      setErrors(found);
      if (Object.keys(found).length > 0) onInvalid?.(found);
      else onValid(values);
    },
  };
}
