import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '#shared/constants.ts';
import type { ComponentProps } from 'react';

/** The user-category select with the spec's (docs/spec.md) placeholder (a native select: light and phone-friendly). */
export function RoleSelect({ roles = ROLES, ...props }: Omit<ComponentProps<typeof NativeSelect>, 'data'> & { roles?: readonly Role[] }) {
  const { t } = useTranslation('accounts');
  return (
    <NativeSelect
      label={t('role.label')}
      required
      {...props}
      data={[{ value: '', label: t('role.placeholder'), disabled: true }, ...roles.map((r) => ({ value: r, label: t(`role.${r}`) }))]}
    />
  );
}
