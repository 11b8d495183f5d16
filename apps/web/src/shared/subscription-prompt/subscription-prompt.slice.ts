import { createSlice } from '@reduxjs/toolkit';

/**
 * SPEC 2: the subscription prompt is one global dialog with a single open/closed
 * state. Any feature may open it (a locked option, a 403 requiresPremium, and,
 * with billing, the 20 s timer on home); the subscription feature renders it.
 */
export interface SubscriptionPromptState {
  open: boolean;
}

const initialState: SubscriptionPromptState = { open: false };

export const subscriptionPromptSlice = createSlice({
  name: 'subscriptionPrompt',
  initialState,
  reducers: {
    openSubscriptionPrompt(state) {
      state.open = true;
    },
    closeSubscriptionPrompt(state) {
      state.open = false;
    },
  },
  selectors: {
    selectSubscriptionPromptOpen: (state) => state.open,
  },
});

export const { openSubscriptionPrompt, closeSubscriptionPrompt } = subscriptionPromptSlice.actions;
export const { selectSubscriptionPromptOpen } = subscriptionPromptSlice.selectors;
