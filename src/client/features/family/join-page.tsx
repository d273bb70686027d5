// /join: a relative joins a prisoner with the invitation code another relative gave them (typed, or
// in the link's ?code=): they see whom it is for and who sent it, say how they are related and join
// (docs/decisions/0050-relatives-join-by-invitation.md). Works before /fmform: a member with no
// record gives their phone and address here.
import { Alert, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PhoneSchema, AddressSchema } from '#shared/family.ts';
import { InviteCodeSchema, RelationSchema, formatInviteCode, type InvitationPreview } from '#shared/prisoner-followers.ts';
import { paths } from '#client/app/paths.ts';
import { Page } from '#client/components/page.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useAcceptInvitation, useLookUpInvitation } from './family.api.ts';
import { usePrisonerName } from './prisoner-heading.tsx';

interface Values {
  code: string;
  relation: string;
  phone: string;
  address: string;
}

export function JoinPage() {
  const { t } = useTranslation('family');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const nameOf = usePrisonerName();
  const [params] = useSearchParams();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const lookUp = useLookUpInvitation();
  const accept = useAcceptInvitation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { code: formatInviteCode(params.get('code') ?? ''), relation: '', phone: '', address: '' },
    validate: {
      code: (v) => (InviteCodeSchema.safeParse(v).success ? null : t('join.codeRule')),
      relation: (v) => (!preview || RelationSchema.safeParse(v).success ? null : t('join.relationRequired')),
      phone: (v) => (!preview || preview.registered || PhoneSchema.safeParse(v).success ? null : t('phone.rule')),
      address: (v) => (!preview || preview.registered || AddressSchema.safeParse(v).success ? null : t('address.required')),
    },
  });
  const failed = (err: Error) => {
    if (err instanceof ApiError && err.status === 404) form.setFieldError('code', t('join.wrongCode'));
    else notify.error(errorText(err));
  };
  const submit = form.onSubmit((v) => {
    if (!preview) {
      lookUp.mutate(v.code, { onSuccess: setPreview, onError: failed });
      return;
    }
    const body = preview.registered
      ? { code: v.code, relation: v.relation }
      : { code: v.code, relation: v.relation, phone: v.phone, address: v.address };
    accept.mutate(body, {
      onSuccess: () => {
        notify.success(t('join.joined', { name: nameOf(preview.prisoner) }));
        void navigate(paths.familyCase);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 404) setPreview(null);
        failed(err);
      },
    });
  });
  const name = preview ? nameOf(preview.prisoner) : '';
  return (
    <Page title={t('join.title')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md" maw={520}>
          <Text>{t('join.intro')}</Text>
          <TextInput
            label={t('join.code')}
            description={t('join.codeHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            readOnly={!!preview}
            {...form.getInputProps('code')}
            onChange={(e) => {
              setPreview(null);
              form.setFieldValue('code', e.currentTarget.value);
            }}
          />
          {preview && (
            <Alert color="blue.9" variant="outline" title={t('join.found', { inviter: preview.invitedBy, name })}>
              {preview.alreadyFollowing ? t('join.already', { name }) : t('join.foundBody')}
            </Alert>
          )}
          {preview && !preview.alreadyFollowing && (
            <>
              <TextInput label={t('join.relation', { name })} description={t('join.relationHint')} {...form.getInputProps('relation')} />
              {!preview.registered && (
                <>
                  <Text size="sm">{t('join.needRecord')}</Text>
                  <TextInput label={t('phone.label')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
                  <Textarea
                    label={t('address.label')}
                    autoComplete="street-address"
                    autosize
                    minRows={2}
                    {...form.getInputProps('address')}
                  />
                </>
              )}
            </>
          )}
          {preview?.alreadyFollowing ? (
            <Button component={Link} to={paths.familyCase} w="fit-content">
              {t('join.toCases')}
            </Button>
          ) : (
            <Button type="submit" loading={lookUp.isPending || accept.isPending} w="fit-content">
              {preview ? t('join.submit') : t('join.check')}
            </Button>
          )}
        </Stack>
      </form>
    </Page>
  );
}
