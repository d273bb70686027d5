// Phone numbers one tap to call: a number alone, or the numbers inside a free text
// such as an NGO's contact info.
import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { PHONE_IN_TEXT, telHref } from '#client/lib/tel.ts';

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor href={telHref(phone)} style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </Anchor>
  );
}

/** `text` with every phone-like run of at least 6 digits as a tel: link. */
export function PhoneText({ text }: { text: string }) {
  const parts = text.split(PHONE_IN_TEXT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && part.replace(/\D/g, '').length >= 6 ? <PhoneLink key={i} phone={part} /> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}
