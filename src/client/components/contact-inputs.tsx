// The e-mail and phone inputs of every form: the right keyboard on a phone, and the browser's autofill.
import { TextInput, type TextInputProps } from '@mantine/core';

export function EmailInput(props: TextInputProps & { label: string }) {
  return <TextInput type="email" autoComplete="email" inputMode="email" required {...props} />;
}

export function PhoneInput(props: TextInputProps & { label: string }) {
  return <TextInput type="tel" inputMode="tel" autoComplete="tel" required {...props} />;
}
