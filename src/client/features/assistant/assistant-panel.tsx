// The chat panel: questions in, answers from the curated knowledge base out, in the chosen
// language, with a link to the right screen for the user's role (docs/design.md#3-behaviour-decisions-where-spec-is-silent-or-the-original-was-wrong).
import { ActionIcon, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSend, IconX } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Role } from '#shared/constants.ts';
import { paths } from '#client/app/paths.ts';
import { ListenButton } from '#client/components/listen-button.tsx';
import { ContactModal } from '#client/features/contact/contact-modal.tsx';
import { answerIn, createAssistant, type Answer, type Assistant, type KnowledgeBase } from './assistant-search.ts';
import { detectPersonalIntent, personalAnswer } from './personal.ts';
import { assistantKeys, summaryQuery } from './assistant.api.ts';
import classes from './assistant.module.css';

const knowledge = import.meta.glob<{ default: KnowledgeBase }>('./knowledge/*.json');

async function loadAssistant(lang: Language): Promise<{ kb: KnowledgeBase; assistant: Assistant }> {
  const load = knowledge[`./knowledge/${lang}.json`] ?? knowledge['./knowledge/en.json'];
  if (!load) throw new Error('knowledge base missing');
  const kb = (await load()).default;
  return { kb, assistant: createAssistant(kb) };
}

const assistantQuery = (lang: Language) =>
  queryOptions({
    queryKey: assistantKeys.knowledge(lang),
    queryFn: () => loadAssistant(lang),
    staleTime: Infinity,
    gcTime: Infinity,
  });

type Message = { id: number; from: 'user'; text: string } | { id: number; from: 'bot'; answer: Pick<Answer, 'text' | 'link'> | null };

export function AssistantPanel({ id, role, opened, onClose }: { id: string; role: Role; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(['assistant', 'plain']);
  // The chosen language, even while its interface texts are not translated: the knowledge base has all five.
  const chosen = i18n.language.split('-')[0] ?? 'en';
  const lang: Language = (LANGUAGES as readonly string[]).includes(chosen) ? (chosen as Language) : 'en';
  const current = useQuery(assistantQuery(lang));
  // People often type in English whatever the interface language: English is the second chance.
  const english = useQuery({ ...assistantQuery('en'), enabled: lang !== 'en' });
  const summary = useQuery({ ...summaryQuery, enabled: opened && role === 'Family-Member', retry: false });
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState('');
  const [contactOpen, contact] = useDisclosure(false);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const nextId = useRef(0);

  useEffect(() => {
    if (opened && current.data) input.current?.focus();
  }, [opened, current.data]);
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages]);

  const ask = (question: string) => {
    const q = question.trim();
    if (!q || !current.data) return;
    // "My case status", "who is my lawyer", "next hearing"…: from the member's own record.
    const intent = role === 'Family-Member' && summary.data ? detectPersonalIntent(q, lang) : null;
    let answer: Pick<Answer, 'text' | 'link'> | null =
      intent && summary.data ? personalAnswer(intent, summary.data, t, lang) : current.data.assistant.ask(q, role);
    if (!answer && lang !== 'en' && english.data) {
      const found = english.data.assistant.ask(q, role);
      if (found) answer = answerIn(current.data.kb, found, role);
    }
    setMessages((m) => [...m, { id: nextId.current++, from: 'user', text: q }, { id: nextId.current++, from: 'bot', answer }]);
    setDraft('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask(draft);
  };

  return (
    <>
      {opened && (
        <Paper
          id={id}
          className={classes.panel}
          withBorder
          shadow="md"
          p="sm"
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !contactOpen) onClose();
          }}
        >
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Title order={2} size="h5" id={titleId}>
              {t('title')}
            </Title>
            <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('close')}>
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {!current.data ? (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('loading')}</Text>
            </Group>
          ) : (
            <>
              <div ref={log} className={classes.log} role="log" aria-label={t('log')}>
                <div className={classes.bot}>
                  <Text size="sm">{t('intro')}</Text>
                  <Stack gap={4} mt={6} role="group" aria-label={t('suggestions')}>
                    {current.data.kb.suggestions.map((s) => (
                      <Button
                        key={s}
                        variant="light"
                        size="compact-sm"
                        onClick={() => ask(s)}
                        styles={{ label: { whiteSpace: 'normal' } }}
                        h="auto"
                        py={4}
                      >
                        {s}
                      </Button>
                    ))}
                  </Stack>
                </div>
                {messages.map((m) =>
                  m.from === 'user' ? (
                    <div key={m.id} className={classes.user}>
                      <VisuallyHidden>{t('you')}: </VisuallyHidden>
                      <Text size="sm" c="white">
                        {m.text}
                      </Text>
                    </div>
                  ) : (
                    <div key={m.id} className={classes.bot}>
                      <VisuallyHidden>{t('bot')}: </VisuallyHidden>
                      {m.answer ? (
                        <>
                          <Text size="sm">{m.answer.text}</Text>
                          <ListenButton text={m.answer.text} />
                          {m.answer.link && (
                            <Anchor
                              component={Link}
                              to={paths[m.answer.link]}
                              size="sm"
                              fw={700}
                              display="inline-block"
                              mt={6}
                              onClick={onClose}
                            >
                              {t('goTo', { screen: t(`screen.${m.answer.link}`) })}
                            </Anchor>
                          )}
                        </>
                      ) : (
                        <>
                          <Text size="sm">{t('fallback')}</Text>
                          <Button size="compact-sm" mt={6} onClick={contact.open}>
                            {t('contactUs')}
                          </Button>
                        </>
                      )}
                    </div>
                  ),
                )}
              </div>
              <form onSubmit={submit}>
                <Group gap={6} wrap="nowrap" align="flex-end">
                  <TextInput
                    ref={input}
                    flex={1}
                    label={t('input.label')}
                    placeholder={t('input.placeholder')}
                    value={draft}
                    maxLength={300}
                    onChange={(e) => setDraft(e.currentTarget.value)}
                    autoComplete="off"
                  />
                  <ActionIcon type="submit" size={36} aria-label={t('send')} disabled={!draft.trim()}>
                    <IconSend size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </form>
              <Text size="xs" mt={6}>
                {t('disclaimer')}
              </Text>
            </>
          )}
        </Paper>
      )}
      <ContactModal opened={contactOpen} onClose={contact.close} />
    </>
  );
}
