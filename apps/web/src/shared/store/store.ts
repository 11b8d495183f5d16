import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { consistencySlice } from '../api/consistency.slice';
import { authSlice } from '../auth/auth.slice';
import { subscriptionPromptSlice } from '../subscription-prompt/subscription-prompt.slice';

const rootReducer = combineSlices(baseApi, consistencySlice, authSlice, subscriptionPromptSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** A factory, so every test gets a fresh store and cache. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
