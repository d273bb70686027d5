// A session that ends while someone is typing: instead of leaving the page (and losing
// what was typed), the app asks for the password again over the page. This is the flag it raises.
import { useSyncExternalStore } from 'react';

let expired = false;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Whether the sign-in-again dialog is up (read outside React: a notice is not shown beside it). */
export function isSessionExpired(): boolean {
  return expired;
}

export function markSessionExpired() {
  if (expired) return;
  expired = true;
  emit();
}

export function clearSessionExpired() {
  if (!expired) return;
  expired = false;
  emit();
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => expired,
    // Drawn at build time (src/client/first-screen/prerender.tsx): a session that has not expired.
    () => false,
  );
}
