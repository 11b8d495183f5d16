// In shared/, not app/: every feature dispatches through these, and features
// may not import app/ (lint/feature-boundaries.rule.js). The store holds only
// shared slices; each feature's endpoints are injected into the one baseApi.
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
