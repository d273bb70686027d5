// The e-mail and phone inputs of every form: the right keyboard on a phone, and the browser's autofill.
// An e-mail with a misspelt domain (gmial.com) is offered its correction, one tap to take it.
import { Button, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestEmail } from '#shared/email-typos.ts';

export function EmailInput({ onFix, ...props }: TextInputProps & { label: string; onFix?: (email: string) => void }) {
  const { t } = useTranslation('common');
  const [typing, setTyping] = useState(false);
  if (!onFix) return <TextInput type="email" autoComplete="email" inputMode="email" required {...props} />;
  // Offered once the person leaves the field, not at every keystroke of a half-typed domain.
  const suggestion = !typing && typeof props.value === 'string' ? suggestEmail(props.value) : null;
  return (
    <Stack gap={4}>
      <TextInput
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...props}
        onFocus={(e) => {
          setTyping(true);
          props.onFocus?.(e);
        }}
        onBlur={(e) => {
          setTyping(false);
          props.onBlur?.(e);
        }}
      />
      <div aria-live="polite">
        {suggestion && (
          <Stack gap={4} align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('emailTypo.question', { email: suggestion })}
            </Text>
            <Button size="compact-md" variant="light" onClick={() => onFix(suggestion)}>
              {t('emailTypo.fix')}
            </Button>
          </Stack>
        )}
      </div>
    </Stack>
  );
}

export function PhoneInput(props: TextInputProps & { label: string }) {
  return <TextInput type="tel" inputMode="tel" autoComplete="tel" required {...props} />;
}
