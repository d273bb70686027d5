// Choosing a new password, wherever it happens (reset link, edit profile): the password with its
// hint, then the same again; the browser offers to generate and save it.
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { LIMITS } from '#shared/constants.ts';

export interface NewPasswordTexts {
  password: string;
  /** Given `min`: the shortest password the server accepts. */
  hint: (min: number) => string;
  confirm: string;
  toggle: string;
}

export function NewPasswordFields({
  texts,
  password,
  confirm,
}: {
  texts: NewPasswordTexts;
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
}) {
  const toggle = { 'aria-label': texts.toggle };
  return (
    <>
      <PasswordInput
        label={texts.password}
        autoComplete="new-password"
        required
        description={texts.hint(LIMITS.passwordMin)}
        visibilityToggleButtonProps={toggle}
        {...password}
      />
      <PasswordInput label={texts.confirm} autoComplete="new-password" required visibilityToggleButtonProps={toggle} {...confirm} />
    </>
  );
}
