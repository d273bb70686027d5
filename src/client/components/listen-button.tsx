// "Listen": reads a text aloud in the screen's language with the device's own voices (lib/speech.ts),
// with Pause/Resume and Stop while it reads. Where the device has no voice for the language it says
// so and offers the nearest one that can read it. docs/decisions/0041-fonts-and-listen.md
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop, IconVolume } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages.ts';
import { LANGUAGE_NAMES } from '#client/lib/i18n.ts';
import { chooseVoice, loadVoices, speak, speechSynthesisOrNone, type VoiceChoice } from '#client/lib/speech.ts';

type State = 'idle' | 'speaking' | 'paused';
type Notice = { kind: 'none' } | { kind: 'noVoice'; offer?: VoiceChoice<SpeechSynthesisVoice> };

export function ListenButton({
  text,
  textIn,
  lang,
}: {
  /** What is read, in the screen's language. */
  text: string;
  /** The same text in another language, for a device with no voice for the screen's (e.g. Hindi for Bengali). */
  textIn?: (lang: string) => Promise<string> | string;
  /** The text's language when it is not the screen's. */
  lang?: string;
}) {
  const { t, i18n } = useTranslation('listen');
  const language = lang ?? i18n.resolvedLanguage ?? 'en';
  const [state, setState] = useState<State>('idle');
  const [notice, setNotice] = useState<Notice | null>(null);
  const reading = useRef(0);
  const synth = speechSynthesisOrNone();

  // Leaving the screen stops what this button started.
  useEffect(
    () => () => {
      if (reading.current < 0) speechSynthesisOrNone()?.cancel();
    },
    [],
  );

  if (!synth) return null;
  const nameOf = (l: string) => LANGUAGE_NAMES[l as Language] ?? l;

  const read = (words: string, choice: VoiceChoice<SpeechSynthesisVoice>) => {
    const id = Math.abs(reading.current) + 1;
    reading.current = -id;
    setState('speaking');
    void speak(synth, words, choice.voice, choice.lang).ended.then(() => {
      if (reading.current === -id) {
        reading.current = id;
        setState('idle');
      }
    });
  };

  const listen = async () => {
    setNotice(null);
    const choice = chooseVoice(await loadVoices(synth), language);
    if (!choice) setNotice({ kind: 'none' });
    else if (choice.exact) read(text, choice);
    else setNotice({ kind: 'noVoice', offer: choice.readsText || textIn ? choice : undefined });
  };

  const listenInstead = async (choice: VoiceChoice<SpeechSynthesisVoice>) => {
    read(choice.readsText ? text : await textIn!(choice.lang), choice);
  };

  const stop = () => {
    reading.current = Math.abs(reading.current);
    synth.cancel();
    setState('idle');
  };

  return (
    <Stack gap={4} align="flex-start" data-testid="listen">
      <Group gap="xs">
        {state === 'idle' ? (
          <Button size="xs" variant="default" leftSection={<IconVolume size={16} aria-hidden />} onClick={() => void listen()}>
            {t('listen')}
          </Button>
        ) : (
          <>
            {state === 'speaking' ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                onClick={() => {
                  synth.pause();
                  setState('paused');
                }}
              >
                {t('pause')}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => {
                  synth.resume();
                  setState('speaking');
                }}
              >
                {t('resume')}
              </Button>
            )}
            <Button size="xs" variant="default" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={stop}>
              {t('stop')}
            </Button>
          </>
        )}
      </Group>
      <div role="status">
        {notice && (
          <Stack gap={4} align="flex-start">
            <Text size="sm">{notice.kind === 'none' ? t('noVoices') : t('noVoice', { language: nameOf(language) })}</Text>
            {notice.kind === 'noVoice' && notice.offer && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconVolume size={16} aria-hidden />}
                onClick={() => {
                  const offer = notice.offer!;
                  setNotice(null);
                  void listenInstead(offer);
                }}
              >
                {t('listenIn', { language: nameOf(notice.offer.lang) })}
              </Button>
            )}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
