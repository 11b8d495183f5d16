import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { anAppUser, answerSync } from '../../testing/accounts';
import { notifications } from '../../testing/antd';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

describe('/auth/confirm', () => {
  it('goes home with Email confirmed when the session has a confirmed e-mail', async () => {
    const auth = new FakeAuthClient();
    const user = auth.signedInAs('ana@example.com');
    answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () => anAppUser(user));
    const { router } = renderApp('/auth/confirm', { auth });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(notifications().textContent).toContain('Email confirmed');
  });

  it('says Confirmation Error without a confirmed session, and offers the homepage', async () => {
    fakeApi();
    renderApp('/auth/confirm?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');

    expect(await screen.findByRole('heading', { level: 1, name: 'Email confirmation' })).toBeTruthy();
    expect(notifications().textContent).toBe('Confirmation ErrorEmail link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });
});
