import { describe, expect, it } from '@jest/globals';
import type { ReportedJoke } from '@jokes/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const JOKE_ID = '3f2c9a1e-0000-4000-8000-00000000f1a6';

const reported = (overrides: Partial<ReportedJoke> = {}): ReportedJoke => ({
  joke_id: JOKE_ID,
  content: 'A joke someone else wrote first.',
  comedian_style: 'Ali Wong',
  topic: 'cats',
  length: 'short',
  first_reported_at: '2026-03-01T09:00:00.000Z',
  age_seconds: 30 * 3600,
  reports: 3,
  reasons: { offensive: 1, copyright: 2, other: 0 },
  ...overrides,
});

function signedInWithRoles(roles: string[]) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('sam@example.com');
  const server = answerSync(
    fakeApi().on('GET /api/comedians', () => json(catalogue)),
    () => anAppUser(user, { roles }),
  );
  return { auth, server };
}

describe('/support/reports', () => {
  it('is Page Not Found for a user without the support or admin role', async () => {
    const { auth } = signedInWithRoles(['analyst']);
    renderApp('/support/reports', { auth });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('lists reported jokes with the age of the oldest report, marking those past a day, and the reasons', async () => {
    const { auth, server } = signedInWithRoles(['support']);
    server.on('GET /api/support/reports', () => json([reported(), reported({ joke_id: 'newer', content: 'A newer one.', age_seconds: 600, reports: 1, reasons: { offensive: 0, copyright: 0, other: 1 } })]));
    renderApp('/support/reports', { auth });

    const queue = await screen.findByRole('region', { name: 'Reported jokes' });
    const [oldest, newer] = within(queue).getAllByRole('article');
    expect(oldest!.textContent).toContain('A joke someone else wrote first.');
    expect(within(oldest!).getByText('Oldest report 1 d 6 h ago').closest('.ant-tag')!.className).toContain('red');
    expect(oldest!.textContent).toContain('3 reports:');
    expect(oldest!.textContent).toContain('Copyright 2');
    expect(within(newer!).getByText('Oldest report 10 min ago').closest('.ant-tag')!.className).not.toContain('red');
  });

  it('withdraws a joke for the reason most reporters gave and reads the queue again', async () => {
    const { auth, server } = signedInWithRoles(['admin']);
    let queue = [reported()];
    server.on('GET /api/support/reports', () => json(queue));
    server.on(`POST /api/support/jokes/${JOKE_ID}/withdraw`, () => {
      queue = [];
      return json({ id: JOKE_ID, position: '900.2' });
    });
    renderApp('/support/reports', { auth });

    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));

    await waitFor(() => expect(requestsTo(server, `POST /api/support/jokes/${JOKE_ID}/withdraw`)).toHaveLength(1));
    expect(await requestsTo(server, `POST /api/support/jokes/${JOKE_ID}/withdraw`)[0]!.json()).toEqual({ reason: 'copyright' });
    await waitFor(() => expect(notifications().textContent).toContain('Joke withdrawn'));
    expect(await screen.findByText('No reported jokes are waiting.')).toBeTruthy();
  });

  it('dismisses the reports of a joke that stays up', async () => {
    const { auth, server } = signedInWithRoles(['support']);
    server.on('GET /api/support/reports', () => json([reported()]));
    server.on(`POST /api/support/jokes/${JOKE_ID}/dismiss`, () => json({ id: JOKE_ID, position: '900.3' }));
    renderApp('/support/reports', { auth });

    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss reports' }));

    await waitFor(() => expect(requestsTo(server, `POST /api/support/jokes/${JOKE_ID}/dismiss`)).toHaveLength(1));
    await waitFor(() => expect(notifications().textContent).toContain('Reports dismissed'));
  });
});
