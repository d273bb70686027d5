// One notice at a time: a new one (success, info or error) takes the place of the one on screen, so
// an old error never sits beside a success and two identical red notices never stack.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { id: string; color: string; onClose?: () => void }[] = [];
const hidden: string[] = [];
let cleaned = 0;
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: { color: string; onClose?: () => void }) => {
      const id = `n${shown.length + 1}`;
      shown.push({ id, ...n });
      return id;
    },
    hide: (id: string) => hidden.push(id),
    clean: () => {
      cleaned += 1;
    },
  },
}));

const { notify } = await import('./notify.ts');

describe('notify', () => {
  beforeEach(() => {
    notify.clearErrors();
    shown.length = 0;
    hidden.length = 0;
    cleaned = 0;
  });

  it('clears what is on screen before each new notice, whatever its kind', () => {
    notify.error('Failed to assign NGO. Please try again.');
    notify.info('Refreshing');
    notify.error('You have already requested this lawyer.');
    notify.success('NGO successfully assigned!');
    expect(cleaned).toBe(4);
    expect(shown.map((n) => n.color)).toEqual(['red', 'blue', 'red', 'green']);
  });

  it('hides the errors still open when the page asks, and not one already closed', () => {
    const closed = notify.error('Old error');
    shown.find((n) => n.id === closed)?.onClose?.();
    notify.clearErrors();
    expect(hidden).toEqual([]);
    const open = notify.error('Another');
    notify.clearErrors();
    expect(hidden).toEqual([open]);
  });
});
