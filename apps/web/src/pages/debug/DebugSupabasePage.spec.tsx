import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';
import { resetBrowserState } from './clear-browser-state';

/** The value beside a label in the info table. */
const valueOf = (label: string) => screen.getByText(label).closest('tr')?.textContent?.slice(label.length);

describe('/debug-supabase', () => {
  it('shows where auth lives and the environment, and refreshes on request', async () => {
    const server = fakeApi().on('GET /api/config', () => json({ supabaseUrl: null, supabaseAnonKey: LOCAL_ANON_KEY, devMailbox: true }));
    renderApp('/debug-supabase');

    expect(await screen.findByRole('heading', { level: 1, name: 'Auth Debug' })).toBeTruthy();
    expect(valueOf('Auth backend URL')).toBe('http://localhost');
    expect(valueOf('Auth service')).toBe("The product's own (this origin, /auth/v1)");
    expect(valueOf('Environment')).toBe('test');
    expect(await screen.findByText('Available')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh Info' }));
    await screen.findByText('Available');
    expect(server.requests.filter((request) => request.url.endsWith('/api/config')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Reset & Clear Cache' })).toBeTruthy();
  });

  it('Reset & Clear Cache empties local storage and cookies, then reloads', () => {
    localStorage.setItem('standup-jokes-auth', '{}');
    sessionStorage.setItem('passwordResetCompleted', 'true');
    document.cookie = 'sid=abc; path=/';
    let reloaded = false;

    resetBrowserState(() => {
      reloaded = true;
    });

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(reloaded).toBe(true);
  });
});
