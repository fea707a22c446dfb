import { useSyncExternalStore } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export const DEFAULT_TOAST_DURATION_MS = 3000;

interface ShowToastOptions {
  tone?: ToastTone;
  /** `null` keeps the toast until the user dismisses it (the tenant payment screens). */
  durationMs?: number | null;
}

// A module-level store rather than a Redux slice: toasts are fire-and-forget UI, and a listener
// middleware or any component can raise one without importing the store.
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
}

/** Clears every toast (between tests, which share this module-level store). */
export function dismissAllToasts(): void {
  if (toasts.length > 0) publish([]);
}

/** Shows a message at the bottom centre of the screen and returns its id. */
export function showToast(
  message: string,
  { tone = 'info', durationMs = DEFAULT_TOAST_DURATION_MS }: ShowToastOptions = {},
): number {
  const id = nextId++;
  publish([...toasts, { id, message, tone }]);
  if (durationMs !== null) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentToasts = () => toasts;

export function useToasts(): readonly Toast[] {
  // The same snapshot on the server: a prerendered page (src/prerender.tsx) has no toasts.
  return useSyncExternalStore(subscribe, currentToasts, currentToasts);
}
