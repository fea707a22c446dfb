import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { sessionListener } from './session';

/** Features declare their slices here (`interface LazyLoadedSlices extends WithSlice<typeof slice> {}`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

// Feature slices are injected when their lazy route loads, so no route bundles another role's state.
export const rootReducer = combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(sessionListener.middleware).concat(api.middleware),
    preloadedState,
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
