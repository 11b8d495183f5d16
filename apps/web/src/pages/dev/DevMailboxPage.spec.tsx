import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

const confirmation = {
  id: 'm-1',
  to: 'ana@example.com',
  subject: 'Confirm your sign-up',
  sent_at: '2025-05-01T12:00:00.000Z',
  links: ['http://localhost:3000/auth/v1/verify?token=t1&type=signup&redirect_to=http://localhost:3000/auth/confirm'],
};
const reset = { ...confirmation, id: 'm-2', subject: 'Reset your password', sent_at: '2025-05-01T12:05:00.000Z', links: ['http://localhost:3000/r'] };

describe('/dev/mailbox', () => {
  it('lists the mails newest first and opens one with its links', async () => {
    fakeApi()
      .on('GET /api/dev/mailbox', () => json([confirmation, reset]))
      .on('GET /api/dev/mailbox/m-1', () => json({ ...confirmation, text: 'Follow this link to confirm.', html: null }));
    renderApp('/dev/mailbox', { config: { devMailbox: true } });

    const list = await screen.findByRole('list', { name: 'Mails' });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.textContent?.split('To ')[0])).toEqual(['Reset your password', 'Confirm your sign-up']);
    expect(items[1]?.textContent).toContain('To ana@example.com');

    fireEvent.click(items[1]!);

    expect(await screen.findByText('Follow this link to confirm.')).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Links in this mail' });
    expect(within(links).getByRole('link').getAttribute('href')).toBe(confirmation.links[0]);
  });

  it('is linked from the footer only while the mailbox exists', async () => {
    fakeApi().on('GET /api/dev/mailbox', () => json([]));
    renderApp('/dev/mailbox', { config: { devMailbox: true } });

    expect(await screen.findByRole('link', { name: 'Development mailbox' })).toBeTruthy();
    expect(await screen.findByText('No mails yet')).toBeTruthy();
  });

  it('does not exist without the file outbox', async () => {
    fakeApi();
    renderApp('/dev/mailbox');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Development mailbox' })).toBeNull();
  });
});
