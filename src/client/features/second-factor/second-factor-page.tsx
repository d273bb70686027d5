// /second-factor: set up a second factor (scan the QR code or type the secret, confirm with a code,
// keep the recovery codes shown once) or, when it is set up, enter its code after the password
// (docs/decisions/0043-second-factor-for-officials.md). The server refuses every other route until then.
import { Alert, Button, Code, Container, Image, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { takeReturnTo } from '#client/lib/return-to.ts';
import { ROLE_HOME } from '#shared/constants.ts';
import type { User } from '#shared/accounts.ts';
import { paths } from '#client/app/paths.ts';
import { useErrorText } from '#client/lib/use-error-text.ts';
import { useSession, useSetSession } from '#client/lib/use-session.ts';
import { Loading } from '#client/components/loading.tsx';
import { confirmEnrolment, secondFactorStatusQuery, startEnrolment, verifySecondFactor } from './second-factor.api.ts';

export function SecondFactorPage() {
  const { t } = useTranslation('secondFactor');
  const { user, isLoading } = useSession();
  const status = useQuery({ ...secondFactorStatusQuery, enabled: !!user && !user.secondFactor });
  if (isLoading) return <Loading label={t('loading')} />;
  if (!user) return <Navigate to={paths.signIn} replace />;
  if (user.secondFactor === 'verify') return <VerifyStep user={user} />;
  if (user.secondFactor === 'enrol') return <EnrolStep user={user} />;
  // Passed already: a family member adding one from the profile enrols here; anyone else goes home.
  if (status.isLoading) return <Loading label={t('loading')} />;
  if (status.data && !status.data.enrolled) return <EnrolStep user={user} />;
  return <Navigate to={ROLE_HOME[user.role]} replace />;
}

function Frame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Container size={480} px="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm">{intro}</Text>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function CodeForm({
  label,
  submit,
  pending,
  error,
  onCode,
}: {
  label: string;
  submit: string;
  pending: boolean;
  error?: string;
  onCode: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (code.trim()) onCode(code.trim());
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <TextInput
          label={label}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={error}
        />
        <Button type="submit" loading={pending} fullWidth>
          {submit}
        </Button>
      </Stack>
    </form>
  );
}

/** A code's error under its field; anything else (too many tries, no network) the same way, in words. */
function useCodeError(err: Error | null): string | undefined {
  const errorText = useErrorText();
  return err ? errorText(err) : undefined;
}

function useFinish() {
  const setSession = useSetSession();
  const navigate = useNavigate();
  return (user: User) => {
    setSession(user);
    void navigate(takeReturnTo(user.role), { replace: true });
  };
}

function VerifyStep({ user }: { user: User }) {
  const { t } = useTranslation('secondFactor');
  const finish = useFinish();
  const verify = useMutation({ mutationFn: verifySecondFactor, onSuccess: finish });
  const error = useCodeError(verify.error);
  return (
    <Frame title={t('verify.title')} intro={t('verify.intro', { email: user.email })}>
      <CodeForm
        label={t('verify.label')}
        submit={t('verify.submit')}
        pending={verify.isPending}
        error={error}
        onCode={(code) => verify.mutate({ code })}
      />
      <Text size="sm" c="dimmed">
        {t('verify.lost')}
      </Text>
    </Frame>
  );
}

function EnrolStep({ user }: { user: User }) {
  const { t } = useTranslation('secondFactor');
  const finish = useFinish();
  const start = useMutation({ mutationFn: startEnrolment });
  const confirm = useMutation({ mutationFn: confirmEnrolment });
  const error = useCodeError(confirm.error);
  const startError = useCodeError(start.error);
  const { mutate: begin } = start;
  // One new secret per visit of the screen (a reload makes another; only the confirmed one counts).
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    begin();
  }, [begin]);

  if (confirm.data) {
    return (
      <Frame title={t('codes.title')} intro={t('codes.intro')}>
        <List spacing={4} aria-label={t('codes.list')}>
          {confirm.data.recoveryCodes.map((c) => (
            <List.Item key={c}>
              <Code fz="md">{c}</Code>
            </List.Item>
          ))}
        </List>
        <Alert color="orange.9" title={t('codes.onceTitle')}>
          {t('codes.once')}
        </Alert>
        <Button
          onClick={() => finish({ id: user.id, name: user.name, email: user.email, role: user.role, language: user.language })}
          fullWidth
        >
          {t('codes.done')}
        </Button>
      </Frame>
    );
  }

  return (
    <Frame title={t('enrol.title')} intro={user.secondFactor === 'enrol' ? t('enrol.required') : t('enrol.optional')}>
      {startError && <Alert color="red">{startError}</Alert>}
      {!start.data ? (
        !startError && <Loading label={t('loading')} />
      ) : (
        <>
          <Text size="sm">{t('enrol.scan')}</Text>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(start.data.qrSvg)}`}
            alt={t('enrol.qrAlt')}
            w={220}
            h={220}
            mx="auto"
            bg="white"
          />
          <Text size="sm">{t('enrol.type')}</Text>
          <Code block fz="md" data-testid="second-factor-secret" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
          <CodeForm
            label={t('enrol.label')}
            submit={t('enrol.submit')}
            pending={confirm.isPending}
            error={error}
            onCode={(code) => confirm.mutate({ code })}
          />
        </>
      )}
    </Frame>
  );
}
