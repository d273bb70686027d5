// The contact form overlay (docs/spec.md#2-screens-and-routes Contact form): Name, Email, Message, Send and close.
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/constants.ts';
import { SendContactMessageSchema } from '#shared/contact.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { schemaResolver, serverFieldErrors, type FieldTexts } from '#client/lib/form-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession } from '#client/lib/use-session.ts';
import { useSendContactMessage } from './contact.api.ts';
import { EmailInput } from '#client/components/contact-inputs.tsx';

// Mantine's error red (red.6) is 3.3:1 on white and fails axe; red.9 passes (the theme does not set it yet).
const errorContrast = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

export function ContactModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('contact');
  const errorText = useErrorText();
  const { user } = useSession();
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage);
  const texts: FieldTexts = {
    name: { required: 'name.required' },
    email: { required: 'email.required', invalid_format: 'email.invalid' },
    message: {
      required: 'message.required',
      too_long: ({ limit, value }) =>
        t('message.tooLong', { max: number(limit ?? 0), count: number(typeof value === 'string' ? value.trim().length : 0) }),
    },
  };
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', message: '' },
    validate: schemaResolver(SendContactMessageSchema, t, { texts }),
  });
  // The session may arrive after the form was first built.
  const { setFieldValue, values } = form;
  useEffect(() => {
    if (opened && user && !values.name && !values.email) {
      setFieldValue('name', user.name);
      setFieldValue('email', user.email);
    }
  }, [opened, user, values.name, values.email, setFieldValue]);

  const mutation = useSendContactMessage({
    onSuccess: (result) => {
      if (result.autoReply) notify.success(t('sent'));
      else notify.info(t('sentNoAutoReply'));
      form.setFieldValue('message', '');
      onClose();
    },
    onError: (err) => {
      // The server's reason per field (e.g. the length cap), in the user's language where known.
      form.setErrors(serverFieldErrors(err, t, texts, form.getValues()));
      if (err instanceof ApiError && err.code === 'rate_limited') notify.error(errorText(err));
      else notify.error(t('failed'));
    },
  });

  const length = values.message.trim().length;
  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} closeButtonProps={{ 'aria-label': t('close') }} size="lg">
      <form
        noValidate
        style={errorContrast}
        onSubmit={form.onSubmit((v) => mutation.mutate({ name: v.name.trim(), email: v.email.trim(), message: v.message.trim() }))}
      >
        <Stack gap="sm">
          <Text size="sm">{t('intro')}</Text>
          <TextInput label={t('name.label')} autoComplete="name" required maxLength={LIMITS.nameMax} {...form.getInputProps('name')} />
          <EmailInput label={t('email.label')} {...form.getInputProps('email')} onFix={(email) => form.setFieldValue('email', email)} />
          <Textarea
            label={t('message.label')}
            required
            autosize
            minRows={5}
            maxRows={12}
            description={t('message.count', { count: number(length), max: number(LIMITS.contactMessageMax) })}
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
