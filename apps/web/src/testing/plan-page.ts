import { act, fireEvent, screen } from '@testing-library/react';
import { anAppUser, answerSync, requestsTo } from './accounts';
import { answerSubscription, aSubscriptionRow, localBillingConfig } from './billing';
import { fakeApi, json, type FakeApi } from './fake-api';
import { FakeAuthClient } from './fake-auth-client';
import { catalogue } from './fixtures';
import { renderApp } from './render-app';

// The plan page (/subscribe) as its specs drive it.

export const PLAN_PAGE_EMAIL = 'ana@example.com';

export interface PlanPageSetup {
  config?: (server: FakeApi) => void;
  subscribed?: boolean;
}

/** A signed-in free user on /subscribe, with the local provider unless told otherwise. */
export async function openPlanPage({ config, subscribed = false }: PlanPageSetup = {}) {
  const auth = new FakeAuthClient();
  const user = auth.signedInAs(PLAN_PAGE_EMAIL);
  let pro = subscribed;
  const server = answerSync(
    fakeApi().on('GET /api/comedians', () => json(catalogue)),
    () => anAppUser(user, { has_active_subscription: pro }),
  );
  answerSubscription(server, () => (pro ? [aSubscriptionRow(user.id)] : []));
  if (config) config(server);
  else server.on('GET /api/billing/config', () => json(localBillingConfig));
  const view = renderApp('/subscribe', { auth });
  await screen.findByRole('button', { name: /Subscribe Now/ });
  return { ...view, server, user, becomePro: () => (pro = true) };
}

export const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** Typing runs the field's (asynchronous) checks: let them settle inside act. */
export const type = (label: string, value: string) =>
  act(async () => {
    fireEvent.change(field(label), { target: { value } });
  });

export async function enterCard(number = '4242424242424242', expiry = '1234', cvc = '123') {
  await screen.findByLabelText('Card number');
  await type('Card number', number);
  await type('Expiry date', expiry);
  await type('CVC', cvc);
}

export const subscribeNow = () => fireEvent.click(screen.getByRole('button', { name: /Subscribe Now/ }));
export const alertText = async () => (await screen.findByRole('alert')).textContent;
export const bodiesOf = (server: FakeApi, route: string) => Promise.all(requestsTo(server, route).map((request) => request.json()));
