import { describe, expect, it } from '@jest/globals';
import type { EngagementReportResponse, FunnelReportResponse, RefusalReportResponse } from '@jokes/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from '../../testing/accounts';
import { fakeApi, json } from '../../testing/fake-api';
import { FakeAuthClient } from '../../testing/fake-auth-client';
import { catalogue } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

type Row = EngagementReportResponse['rows'][number];

const aRow = (key: string, overrides: Partial<Row> = {}): Row => ({
  key,
  generated: 0,
  rated: 0,
  rating_average: null,
  rating_histogram: [0, 0, 0, 0, 0],
  shares: { x: 0, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 0 },
  shares_total: 0,
  page_views: 0,
  unique_visitors: 0,
  ...overrides,
});

const byDay: EngagementReportResponse = {
  by: 'day',
  from: null,
  to: null,
  rows: [
    aRow('2026-03-01', { generated: 3, rated: 2, rating_average: 3, rating_histogram: [0, 1, 0, 1, 0], page_views: 9, unique_visitors: 4 }),
    aRow('2026-03-02', {
      generated: 2,
      rated: 1,
      rating_average: 5,
      rating_histogram: [0, 0, 0, 0, 1],
      shares: { x: 1, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 1 },
      shares_total: 2,
    }),
  ],
};

const byPlatform: EngagementReportResponse = {
  by: 'platform',
  from: null,
  to: null,
  rows: [
    aRow('copy', { shares: { x: 0, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 1 }, shares_total: 1 }),
    aRow('x', { shares: { x: 1, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 0 }, shares_total: 1 }),
  ],
};

const funnel: FunnelReportResponse = {
  days: [{ day: '2026-03-01', visitors: 10, generated: 6, engaged: 3, signed_up: 2, trials: 1, paid: 1 }],
};

const noRefusals = { sexual_minors: 0, sexual_real_person: 0, hate: 0, self_harm: 0, threat: 0, weapons_crime: 0 };
const refusals: RefusalReportResponse = {
  by: 'comedian',
  from: null,
  to: null,
  rows: [
    { key: 'Bill Burr', attempts: 40, refused: 4, refusal_rate: 0.1, categories: { ...noRefusals, hate: 3, sexual_minors: 1 }, stages: { topic: 3, joke: 1 } },
    { key: 'Jerry Seinfeld', attempts: 20, refused: 0, refusal_rate: 0, categories: noRefusals, stages: { topic: 0, joke: 0 } },
  ],
};

function signedInWithRoles(roles: string[]) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs('ann@example.com');
  const server = answerSync(fakeApi().on('GET /api/comedians', () => json(catalogue)), () => anAppUser(user, { roles }));
  return { auth, server };
}

/** An analyst whose APIs answer the reports above (the engagement one by its `by`). */
function analystWithReports() {
  const { auth, server } = signedInWithRoles(['analyst']);
  server
    .on('GET /api/analytics/engagement', (request) => json(new URL(request.url).searchParams.get('by') === 'platform' ? byPlatform : byDay))
    .on('GET /api/analytics/funnel', () => json(funnel))
    .on('GET /api/analytics/refusals', () => json(refusals))
    .on('GET /api/analytics/trial-conversions', () =>
      json({ days: [{ day: '2026-03-01', plan: 'yearly', trials_started: 4, trials_converted: 3, trials_canceled: 1 }] }),
    );
  return { auth, server };
}

const engagementTable = () => screen.getByRole('region', { name: 'Engagement' });
const rowOf = (container: HTMLElement, key: string) => within(container).getByRole('cell', { name: key }).closest('tr')!;
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const paramsOf = (request: Request | undefined) => Object.fromEntries(new URL(request!.url).searchParams);

/** jsdom has no object URLs (nothing to restore): these keep the downloaded files for reading instead. */
function captureDownloads(): Blob[] {
  const files: Blob[] = [];
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    files.push(blob as Blob);
    return `blob:download-${files.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  // jsdom cannot follow the download link (it would say "not implemented: navigation").
  document.addEventListener('click', (event) => {
    if (event.target instanceof HTMLAnchorElement && event.target.download) event.preventDefault();
  });
  return files;
}

describe('/analytics', () => {
  it('is Page Not Found for a user without the analyst or admin role', async () => {
    const { auth } = signedInWithRoles(['support']);
    renderApp('/analytics', { auth });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it('shows the trial conversions per day and plan to an analyst', async () => {
    const { auth, server } = analystWithReports();
    renderApp('/analytics', { auth });

    expect(await screen.findByRole('heading', { level: 2, name: 'Trial Conversions' })).toBeTruthy();
    const trials = screen.getByRole('region', { name: 'Trial Conversions' });
    expect(await within(trials).findByRole('cell', { name: 'yearly' })).toBeTruthy();
    await waitFor(() => expect(within(trials).getByText('75%')).toBeTruthy());
    expect(requestsTo(server, 'GET /api/analytics/trial-conversions')).toHaveLength(1);
  });
});

describe('refusals on the analytics dashboard', () => {
  it('shows the refusal rate per comedian and per category, and where they were refused', async () => {
    const { auth, server } = analystWithReports();
    renderApp('/analytics', { auth });

    const section = await screen.findByRole('region', { name: 'Refusals' });
    await within(section).findByRole('cell', { name: 'Bill Burr' });
    // Comedian, attempts, refused, rate, then minors, real person, hate, self-harm, threat, weapons, at the topic, at the joke.
    expect(cellsOf(rowOf(section, 'Bill Burr'))).toEqual(['Bill Burr', '40', '4', '10.0%', '2.5%', '0.0%', '7.5%', '0.0%', '0.0%', '0.0%', '3', '1']);
    expect(cellsOf(rowOf(section, 'Jerry Seinfeld'))).toEqual(['Jerry Seinfeld', '20', '0', '0.0%', '0.0%', '0.0%', '0.0%', '0.0%', '0.0%', '0.0%', '0', '0']);
    expect(requestsTo(server, 'GET /api/analytics/refusals').map(paramsOf)).toContainEqual({ by: 'comedian' });
  });
});

describe('engagement on the analytics dashboard', () => {
  it('shows the engagement per day: counts, average, the 1-5 histogram, shares per platform and visitors', async () => {
    const { auth } = analystWithReports();
    renderApp('/analytics', { auth });

    await within(await screen.findByRole('region', { name: 'Engagement' })).findByRole('cell', { name: '2026-03-01' });
    // Day, generated, rated, average, 1..5 stars, X..Copy, shares, page views, unique visitors.
    expect(cellsOf(rowOf(engagementTable(), '2026-03-01'))).toEqual(
      ['2026-03-01', '3', '2', '3.00', '0', '1', '0', '1', '0', '0', '0', '0', '0', '0', '0', '0', '9', '4'],
    );
    expect(cellsOf(rowOf(engagementTable(), '2026-03-02'))).toEqual(
      ['2026-03-02', '2', '1', '5.00', '0', '0', '0', '0', '1', '1', '0', '0', '0', '0', '1', '2', '0', '0'],
    );
  });

  it('totals what is shown, the average from the ratings themselves rather than an average of averages', async () => {
    const { auth } = analystWithReports();
    renderApp('/analytics', { auth });
    const engagement = await screen.findByRole('region', { name: 'Engagement' });
    await within(engagement).findByRole('cell', { name: '2026-03-01' });

    const figure = (title: string) =>
      [...engagement.querySelectorAll('.ant-statistic')]
        .find((statistic) => statistic.querySelector('.ant-statistic-title')?.textContent === title)
        ?.querySelector('.ant-statistic-content')?.textContent;
    await waitFor(() => expect(figure('Jokes generated')).toBe('5'));
    expect(figure('Ratings')).toBe('3');
    // (2 + 4 + 5) / 3, not (3 + 5) / 2.
    expect(figure('Average rating')).toBe('3.67');
    expect(figure('Shares')).toBe('2');
    expect(figure('Page views')).toBe('9');
  });

  it('groups by the dimension chosen, asking the API for it', async () => {
    const { auth, server } = analystWithReports();
    renderApp('/analytics', { auth });
    await within(await screen.findByRole('region', { name: 'Engagement' })).findByRole('cell', { name: '2026-03-01' });

    fireEvent.click(within(engagementTable()).getByRole('radio', { name: 'Platform' }));

    await within(engagementTable()).findByRole('cell', { name: 'x' });
    expect(within(engagementTable()).getByRole('columnheader', { name: 'Platform' })).toBeTruthy();
    expect(requestsTo(server, 'GET /api/analytics/engagement').map(paramsOf)).toContainEqual({ by: 'platform' });
  });

  it('asks every report for the dates chosen', async () => {
    const { auth, server } = analystWithReports();
    renderApp('/analytics', { auth });
    await screen.findByRole('region', { name: 'Engagement' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });

    const range = { from: '2026-03-01', to: '2026-03-31' };
    await waitFor(() => expect(requestsTo(server, 'GET /api/analytics/engagement').map(paramsOf)).toContainEqual({ ...range, by: 'day' }));
    await waitFor(() => expect(requestsTo(server, 'GET /api/analytics/funnel').map(paramsOf)).toContainEqual(range));
    await waitFor(() => expect(requestsTo(server, 'GET /api/analytics/trial-conversions').map(paramsOf)).toContainEqual(range));
  });

  it('exports the table shown as CSV, in the columns of the report command line (the dimension, then the API’s field names)', async () => {
    const downloads = captureDownloads();
    const { auth } = analystWithReports();
    renderApp('/analytics', { auth });
    await within(await screen.findByRole('region', { name: 'Engagement' })).findByRole('cell', { name: '2026-03-01' });
    const exportButton = within(engagementTable()).getByRole('button', { name: 'Export engagement CSV' });
    await waitFor(() => expect(exportButton.hasAttribute('disabled')).toBe(false));

    fireEvent.click(exportButton);
    fireEvent.click(within(engagementTable()).getByRole('radio', { name: 'Platform' }));
    await within(engagementTable()).findByRole('cell', { name: 'x' });
    await waitFor(() => expect(exportButton.hasAttribute('disabled')).toBe(false));
    fireEvent.click(exportButton);

    const fields =
      'generated,rated,rating_average,rating_1,rating_2,rating_3,rating_4,rating_5,shares_x,shares_facebook,shares_instagram,shares_snapchat,shares_sms,shares_copy,shares_total,page_views,unique_visitors';
    expect(downloads).toHaveLength(2);
    expect((await downloads[0]!.text()).split('\r\n')).toEqual([
      `day,${fields}`,
      '2026-03-01,3,2,3,0,1,0,1,0,0,0,0,0,0,0,0,9,4',
      '2026-03-02,2,1,5,0,0,0,0,1,1,0,0,0,0,1,2,0,0',
      '',
    ]);
    expect((await downloads[1]!.text()).split('\r\n')).toEqual([
      `platform,${fields}`,
      'copy,0,0,,0,0,0,0,0,0,0,0,0,0,1,1,0,0',
      'x,0,0,,0,0,0,0,0,1,0,0,0,0,0,1,0,0',
      '',
    ]);
  });

  it('shows the funnel per day, from visitors to paid, and exports it', async () => {
    const downloads = captureDownloads();
    const { auth } = analystWithReports();
    renderApp('/analytics', { auth });
    const section = await screen.findByRole('region', { name: 'Funnel' });

    await within(section).findByRole('cell', { name: '2026-03-01' });
    expect(cellsOf(rowOf(section, '2026-03-01'))).toEqual(['2026-03-01', '10', '6', '3', '2', '1', '1']);
    const exportButton = within(section).getByRole('button', { name: 'Export funnel CSV' });
    await waitFor(() => expect(exportButton.hasAttribute('disabled')).toBe(false));
    fireEvent.click(exportButton);
    expect(await downloads[0]!.text()).toBe('day,visitors,generated,engaged,signed_up,trials,paid\r\n2026-03-01,10,6,3,2,1,1\r\n');
  });

  it('draws the charts once the figures are in', async () => {
    const { auth } = analystWithReports();
    renderApp('/analytics', { auth });

    const perDay = await screen.findByRole('figure', { name: 'Jokes generated, rated and shared per day' });
    // Two days, three series each.
    expect(perDay.textContent).toContain('line chart of 6 points');
    expect((await screen.findByRole('figure', { name: 'Ratings (1 to 5 stars)' })).textContent).toContain('column chart of 5 points');
    expect((await screen.findByRole('figure', { name: 'Funnel over the days shown' })).textContent).toContain('funnel chart of 6 points');
  });
});
