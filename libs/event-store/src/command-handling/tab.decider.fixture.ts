import type { Decider } from './decider.js';

/** A bar tab: the smallest aggregate that has a creation, a change, an end and a rule. */
export type TabCommand =
  | { type: 'OpenTab'; data: { tabId: string } }
  | { type: 'OrderDrink'; data: { drink: string } }
  | { type: 'CloseTab'; data: Record<string, never> };

export type TabEvent =
  | { type: 'TabOpened'; data: { tabId: string; openedAt: string } }
  | { type: 'DrinkOrdered'; data: { drink: string; orderId: string } }
  | { type: 'TabClosed'; data: { drinks: number } };

export type TabState = { status: 'none' } | { status: 'open' | 'closed'; drinks: string[] };

export interface TabContext {
  now: Date;
  newId: () => string;
}

export class TabClosedError extends Error {}

export const tabDecider: Decider<TabCommand, TabEvent, TabState, TabContext> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, { now, newId }) {
    switch (command.type) {
      case 'OpenTab':
        return state.status === 'none' ? [{ type: 'TabOpened', data: { tabId: command.data.tabId, openedAt: now.toISOString() } }] : [];
      case 'OrderDrink':
        if (state.status !== 'open') throw new TabClosedError();
        return [{ type: 'DrinkOrdered', data: { drink: command.data.drink, orderId: newId() } }];
      case 'CloseTab':
        return state.status === 'open' ? [{ type: 'TabClosed', data: { drinks: state.drinks.length } }] : [];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'TabOpened':
        return { status: 'open', drinks: [] };
      case 'DrinkOrdered':
        return state.status === 'none' ? state : { ...state, drinks: [...state.drinks, event.data.drink] };
      case 'TabClosed':
        return state.status === 'none' ? state : { ...state, status: 'closed' };
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
};
