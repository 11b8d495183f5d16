import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { catalogue } from '../../testing/fixtures';
import { fakeApi, json } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

function withCatalogue() {
  return fakeApi().on('GET /api/comedians', () => json(catalogue));
}

describe('global chrome', () => {
  it('sends History, Subscribe and Login / Register to /auth while logged out', async () => {
    withCatalogue();
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/auth');
    expect(within(nav).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/auth');
    expect(within(nav).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Standup Jokes AI' }).getAttribute('href')).toBe('/');
  });

  it('has a footer with the Legal, Support and About columns', async () => {
    withCatalogue();
    renderApp('/');

    const legal = await screen.findByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Disclaimer' }).getAttribute('href')).toBe('/legal/disclaimer');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/legal/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/legal/terms');

    const support = screen.getByRole('navigation', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'Copyright Notice' }).getAttribute('href')).toBe('/legal/copyright');
    expect(within(support).getByRole('link', { name: 'Report Copyright Issue' }).getAttribute('href')).toMatch(/^mailto:support@/);
    expect(within(support).getByRole('link', { name: 'Customer Support' }).getAttribute('href')).toMatch(/^mailto:support@/);

    const about = screen.getByRole('region', { name: 'About' });
    expect(about.textContent).toContain('API');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeTruthy();
  });

  it('shows Page Not Found for an unknown path', async () => {
    withCatalogue();
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('matches /reset-password-confirm by its exact pathname', async () => {
    withCatalogue();
    renderApp('/Reset-Password-Confirm');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it.each([
    ['/legal/disclaimer', 'Disclaimer'],
    ['/legal/privacy', 'Privacy Policy'],
    ['/legal/terms', 'Terms of Use'],
    ['/legal/copyright', 'Copyright Notice'],
  ])('renders the legal page %s', async (path, title) => {
    withCatalogue();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | Standup Jokes AI`);
  });
});
