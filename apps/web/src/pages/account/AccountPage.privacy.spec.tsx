import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EXPORT_FORMAT } from '@jokes/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatErasureDate } from '../../features/accounts/utils/account-deletion';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { renderApp } from '../../testing/render-app';

const EMAIL = 'ana@example.com';
const ERASURE_AT = '2026-12-23T09:30:00.000Z';

async function renderAccount() {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(EMAIL);
  const server = answerSync(fakeApi(), () => anAppUser(user));
  const view = renderApp('/account', { auth });
  await screen.findByRole('heading', { level: 1, name: 'My Account' });
  return { ...view, auth, server, user };
}

const dangerZone = () => screen.getByRole('region', { name: 'Danger Zone' });
const dialog = () => screen.getByRole('dialog', { name: 'Delete your account?' });

function anExport(userId: string, extra: Record<string, unknown> = {}) {
  return {
    format: EXPORT_FORMAT,
    generated_at: '2026-11-23T06:00:00.000Z',
    user: { id: userId, email: EMAIL, username: 'ana', created_at: '2026-11-01T00:00:00.000Z', email_confirmed_at: null, roles: ['user'], selected_voice_id: null },
    jokes: [],
    ratings: [],
    shares: [],
    reports: [],
    unpublished: [],
    voice: [],
    subscription: { events: [], payments: [] },
    sign_ins: [{ at: '2026-11-01T00:00:00.000Z', method: 'password' }],
    ...extra,
  };
}

/** jsdom has no object URLs and cannot follow a download link: this keeps each file, with the name it was saved as. */
function captureDownloads(): { name: string; blob: Blob }[] {
  const files: { name: string; blob: Blob }[] = [];
  const blobs: Blob[] = [];
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    blobs.push(blob as Blob);
    return `blob:download-${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  const keep = (event: MouseEvent) => {
    if (!(event.target instanceof HTMLAnchorElement) || !event.target.download) return;
    event.preventDefault();
    const index = Number(event.target.href.split('-').pop()) - 1;
    files.push({ name: event.target.download, blob: blobs[index]! });
  };
  document.addEventListener('click', keep);
  stopCapturing = () => document.removeEventListener('click', keep);
  return files;
}
let stopCapturing = () => undefined as void;
afterEach(() => stopCapturing());

describe('/account, Download my data', () => {
  let downloads: { name: string; blob: Blob }[];
  beforeEach(() => {
    downloads = captureDownloads();
  });

  it('saves the export as the JSON file the server names, every field kept', async () => {
    const { server, user } = await renderAccount();
    // A field this client does not know yet still reaches the file.
    const document = anExport(user.id, { future_section: [{ kept: true }] });
    server.on('GET /api/account/export', () =>
      json(document, { headers: { 'content-disposition': 'attachment; filename="standup-jokes-data-2026-11-23.json"' } }),
    );

    fireEvent.click(screen.getByRole('button', { name: /Download my data/ }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('standup-jokes-data-2026-11-23.json');
    expect(downloads[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await downloads[0]!.blob.text())).toEqual(document);
    expect(new URL(requestsTo(server, 'GET /api/account/export')[0]!.url).searchParams.get('user_id')).toBe(user.id);
  });

  it('says Download Failed in the server words, and saves nothing, when the export is refused', async () => {
    const { server } = await renderAccount();
    server.on('GET /api/account/export', () => json({ error: 'Forbidden', message: 'You can only export your own data.' }, { status: 403 }));

    fireEvent.click(screen.getByRole('button', { name: /Download my data/ }));

    await waitFor(() => expect(notifications().textContent).toBe('Download FailedYou can only export your own data.'));
    expect(downloads).toEqual([]);
  });

  it('saves nothing when the answer is not an export', async () => {
    const { server } = await renderAccount();
    server.on('GET /api/account/export', () => json({ hello: 'world' }));

    fireEvent.click(screen.getByRole('button', { name: /Download my data/ }));

    await waitFor(() => expect(notifications().textContent).toMatch(/^Download FailedUnexpected response from the server/));
    expect(downloads).toEqual([]);
  });
});

describe('/account, Delete my account', () => {
  async function openDialog() {
    fireEvent.click(within(dangerZone()).getByRole('button', { name: /Delete my account/ }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  }

  function confirmWith(password: string) {
    fireEvent.change(within(dialog()).getByLabelText('Enter your password to confirm'), { target: { value: password } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /Delete my account/ }));
  }

  it('explains what a deletion does before asking for the password', async () => {
    await renderAccount();

    const shown = await openDialog();

    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You are signed out at once, on every device.',
      'An active subscription is canceled now: there will be no further charge.',
      'Your account and everything in it are erased after 30 days. Payment records are kept as the law requires, without your name or address.',
      'Until then, signing in offers to cancel the deletion and keep your account.',
    ]);
    expect(within(shown).getByLabelText('Enter your password to confirm').getAttribute('type')).toBe('password');
  });

  it('asks for the password before sending anything', async () => {
    const { server } = await renderAccount();
    await openDialog();

    fireEvent.click(within(dialog()).getByRole('button', { name: /Delete my account/ }));

    expect(await within(dialog()).findByText('Please enter your password')).toBeTruthy();
    expect(requestsTo(server, 'POST /api/account/delete')).toEqual([]);
  });

  it('shows a wrong password in the server words inside the dialog, until the password is changed', async () => {
    const { server, auth } = await renderAccount();
    server.on('POST /api/account/delete', () => json({ error: 'Incorrect password', message: 'The password is not correct.' }, { status: 403 }));
    await openDialog();

    confirmWith('not-my-password');

    expect((await within(dialog()).findByRole('alert')).textContent).toBe('The password is not correct.');
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(auth.calls.filter((call) => call.method === 'signOut')).toEqual([]);
    fireEvent.change(within(dialog()).getByLabelText('Enter your password to confirm'), { target: { value: 'another-try' } });
    await waitFor(() => expect(within(dialog()).queryByRole('alert')).toBeNull());
  });

  it('deletes with the password, signs this browser out to the login page and names the erasure date', async () => {
    const { server, auth, user, router } = await renderAccount();
    server.on('POST /api/account/delete', () => json({ scheduled_erasure_at: ERASURE_AT, position: '900.1' }));
    await openDialog();

    confirmWith('secret-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(await requestsTo(server, 'POST /api/account/delete')[0]!.json()).toEqual({ user_id: user.id, password: 'secret-password' });
    // The server has ended every session; only this browser's copy is left to forget.
    expect(auth.calls.filter((call) => call.method === 'signOut')).toEqual([{ method: 'signOut', args: [{ scope: 'local' }] }]);
    expect(auth.session).toBeNull();
    await waitFor(() =>
      expect(notifications().textContent).toBe(
        `Account Deletion ScheduledYou have been signed out everywhere. Your account will be erased on ${formatErasureDate(ERASURE_AT)}; sign in before then to cancel the deletion.`,
      ),
    );
  });

  it('keeps the account when the dialog is left', async () => {
    const { server } = await renderAccount();
    await openDialog();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep my account' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull());
    expect(requestsTo(server, 'POST /api/account/delete')).toEqual([]);
  });
});
