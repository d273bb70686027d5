import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailPattern } from '#shared/accounts.ts';
import { LIMITS, ROLES } from '#shared/constants.ts';
import { metaQuery } from './accounts.api.ts';

export interface AccountFormValues {
  role: string;
  name: string;
  email: string;
  password: string;
  registrationCode: string;
}

/** The sign-in and sign-up form: same fields and rules, sign-up adds name and password length. */
export function useAccountForm(mode: 'signIn' | 'signUp') {
  const { t } = useTranslation('accounts');
  const meta = useQuery(metaQuery);
  const domains = meta.data?.emailDomains ?? ['gmail.com'];
  const pattern = emailPattern(domains);
  return useForm<AccountFormValues>({
    mode: 'controlled',
    initialValues: { role: '', name: '', email: '', password: '', registrationCode: '' },
    validate: {
      role: (v) => ((ROLES as readonly string[]).includes(v) ? null : t('role.required')),
      name: (v) => (mode === 'signIn' || v.trim() ? null : t('name.required')),
      email: (v) => (!v.trim() ? t('email.required') : pattern.test(v.trim()) ? null : t('email.invalid')),
      password: (v) =>
        !v
          ? t('password.required')
          : mode === 'signUp' && v.length < LIMITS.passwordMin
            ? t('password.tooShort', { min: LIMITS.passwordMin })
            : null,
      registrationCode: (v, values) =>
        mode === 'signUp' && values.role === 'Jail-Authority' && !v.trim() ? t('registrationCode.required') : null,
    },
  });
}
