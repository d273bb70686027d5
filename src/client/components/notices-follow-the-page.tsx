// An error notice is about the screen it was shown on: a wrong registration code on sign-up must not
// follow the person to sign-in. Success notices stay ("Login successful!" is shown as the home opens).
// The sign-in-again dialog says the session ended: the errors behind it go.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { notify } from '#client/lib/notify.ts';
import { useSessionExpired } from '#client/lib/session-expiry.ts';

export function NoticesFollowThePage() {
  const { pathname } = useLocation();
  const expired = useSessionExpired();
  useEffect(() => notify.clearErrors(), [pathname]);
  useEffect(() => {
    if (expired) notify.clearErrors();
  }, [expired]);
  return null;
}
