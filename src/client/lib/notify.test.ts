// A later success clears the red notices still on screen, so an old error never sits beside it.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: { id: string; color: string; onClose?: () => void }[] = [];
const hidden: string[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: { color: string; onClose?: () => void }) => {
      const id = `n${shown.length + 1}`;
      shown.push({ id, ...n });
      return id;
    },
    hide: (id: string) => hidden.push(id),
  },
}));

const { notify } = await import('./notify.ts');

describe('notify', () => {
  beforeEach(() => {
    notify.clearErrors();
    shown.length = 0;
    hidden.length = 0;
  });

  it('hides the errors on screen when a success is shown, and only those', async () => {
    const first = notify.error('Failed to assign NGO. Please try again.');
    const info = notify.info('Refreshing');
    const second = notify.error('You have already requested this lawyer.');
    notify.success('NGO successfully assigned!');
    expect(hidden.sort()).toEqual([first, second].sort());
    expect(hidden).not.toContain(info);
    expect(shown.at(-1)).toMatchObject({ color: 'green' });
  });

  it('does not hide an error again once it was closed or cleared', async () => {
    const closed = notify.error('Old error');
    shown.find((n) => n.id === closed)?.onClose?.();
    notify.success('Done');
    expect(hidden).toEqual([]);
    const cleared = notify.error('Another');
    notify.clearErrors();
    notify.success('Done again');
    expect(hidden).toEqual([cleared]);
  });
});
