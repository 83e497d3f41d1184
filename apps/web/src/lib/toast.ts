export type ToastKind = 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/**
 * SPEC §9: toasts hide after 2 s and at most 3 are stacked (the oldest goes first). Warning is
 * the default colour: anything that is neither a success nor an error.
 */
export const TOAST_DURATION_MS = 2_000;
export const MAX_TOASTS = 3;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-MAX_TOASTS);
  emit();
  return id;
}

/** Hides every toast at once (a test's page starts with none). */
export function clearToasts(): void {
  toasts = [];
  emit();
}

export const toast = {
  success: (message: string) => showToast('success', message),
  warning: (message: string) => showToast('warning', message),
  error: (message: string) => showToast('error', message),
  dismiss: dismissToast,
};

/** For `useSyncExternalStore`: calls `listener` whenever the toasts shown change. */
export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts shown now, oldest first. */
export const getToasts = () => toasts;
