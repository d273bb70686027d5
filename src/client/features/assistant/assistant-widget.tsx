// The chat assistant's button on the home screens (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong). Only this small button loads
// with the page; the panel, MiniSearch and the knowledge base load when it is first opened.
import { ActionIcon, Affix, Loader, Paper } from '@mantine/core';
import { IconMessageCircleQuestion, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/constants.ts';
import classes from './assistant.module.css';

const AssistantPanel = lazy(() => import('./assistant-panel.tsx').then((m) => ({ default: m.AssistantPanel })));

export const ASSISTANT_PANEL_ID = 'rihaai-assistant';
export const ASSISTANT_TOGGLE_ID = 'rihaai-assistant-toggle';

export function AssistantWidget({ role }: { role: Role }) {
  const { t } = useTranslation('assistant');
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpened(false);
    button.current?.focus();
  };
  return (
    <>
      {everOpened && (
        <Suspense
          fallback={
            <Paper className={classes.panel} withBorder shadow="md" p="md" role="status">
              <Loader size="sm" aria-label={t('loading')} />
            </Paper>
          }
        >
          <AssistantPanel id={ASSISTANT_PANEL_ID} role={role} opened={opened} onClose={close} />
        </Suspense>
      )}
      {/* Mantine's Affix places `right` at the inline end: the left in Urdu, beside the panel (inset-inline-end). */}
      <Affix position={{ right: 16, bottom: 80 }} zIndex={150}>
        <ActionIcon
          ref={button}
          id={ASSISTANT_TOGGLE_ID}
          size={56}
          radius="xl"
          variant="filled"
          aria-label={opened ? t('close') : t('open')}
          aria-expanded={opened}
          aria-controls={everOpened ? ASSISTANT_PANEL_ID : undefined}
          onClick={() => {
            setEverOpened(true);
            setOpened((o) => !o);
          }}
          className={classes.fab}
        >
          {opened ? <IconX size={26} aria-hidden /> : <IconMessageCircleQuestion size={28} aria-hidden />}
        </ActionIcon>
      </Affix>
    </>
  );
}
