import { useSyncExternalStore, type ReactNode } from 'react';
import { LIMITS } from '@solvr/contracts';

/** At most this many toasts are kept (newest first). */
export const TOAST_LIMIT = LIMITS.toastLimit;
/** A dismissed toast is removed from the store this long after dismissal. */
export const TOAST_REMOVE_DELAY = LIMITS.toastRemoveDelayMs;
/** Default auto-dismiss delay. */
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'success' | 'error';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Auto-dismiss after this many ms (default 5000); 0 or Infinity keeps it until dismissed. */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss(): void;
  update(props: ToastOptions): void;
}

interface ToastState {
  toasts: ToasterToast[];
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
interface AutoTimer {
  timer: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
}
const autoTimers = new Map<string, AutoTimer>();
let count = 0;

function setState(next: ToastState) {
  state = next;
  listeners.forEach((l) => l());
}

function clearAuto(id: string) {
  const t = autoTimers.get(id);
  if (t?.timer) clearTimeout(t.timer);
  autoTimers.delete(id);
}

function startAuto(id: string, duration: number | undefined) {
  clearAuto(id);
  const ms = duration ?? TOAST_DURATION;
  if (!(ms > 0) || !Number.isFinite(ms)) return;
  autoTimers.set(id, { timer: setTimeout(() => dismiss(id), ms), remaining: ms, startedAt: Date.now() });
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

function forget(id: string) {
  clearAuto(id);
  const r = removeTimers.get(id);
  if (r) clearTimeout(r);
  removeTimers.delete(id);
}

/** Dismisses one toast (or all without an id): `open: false`, removed after TOAST_REMOVE_DELAY. */
export function dismiss(id?: string): void {
  const ids = id === undefined ? state.toasts.map((t) => t.id) : [id];
  let changed = false;
  const toasts = state.toasts.map((t) => {
    if (!ids.includes(t.id)) return t;
    clearAuto(t.id);
    scheduleRemoval(t.id);
    if (!t.open) return t;
    changed = true;
    return { ...t, open: false };
  });
  if (changed) setState({ toasts });
}

function update(id: string, props: ToastOptions) {
  if (!state.toasts.some((t) => t.id === id)) return;
  setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...props } : t)) });
  const current = state.toasts.find((t) => t.id === id);
  if (current?.open && 'duration' in props) startAuto(id, props.duration);
}

/** Shows a toast (newest first, at most TOAST_LIMIT kept). */
export function toast(props: ToastOptions): ToastHandle {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${count}`;
  const next = [{ ...props, id, open: true }, ...state.toasts];
  next.slice(TOAST_LIMIT).forEach((t) => forget(t.id));
  setState({ toasts: next.slice(0, TOAST_LIMIT) });
  startAuto(id, props.duration);
  return { id, dismiss: () => dismiss(id), update: (p: ToastOptions) => update(id, p) };
}

/** Pauses a toast's auto-dismiss countdown (the Toaster calls this on hover/focus). */
export function pauseToast(id: string): void {
  const t = autoTimers.get(id);
  if (!t?.timer) return;
  clearTimeout(t.timer);
  t.timer = null;
  t.remaining = Math.max(0, t.remaining - (Date.now() - t.startedAt));
}

/** Resumes a paused countdown. */
export function resumeToast(id: string): void {
  const t = autoTimers.get(id);
  if (!t || t.timer) return;
  t.startedAt = Date.now();
  t.timer = setTimeout(() => dismiss(id), t.remaining);
}

/** Clears every toast and timer at once (for tests). */
export function resetToasts(): void {
  [...autoTimers.keys(), ...removeTimers.keys()].forEach(forget);
  setState({ toasts: [] });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state.toasts;

export interface UseToastResult {
  /** All toasts in the store, newest first, including dismissed ones not yet removed (`open: false`). */
  toasts: ToasterToast[];
  toast: typeof toast;
  dismiss: typeof dismiss;
}

export function useToast(): UseToastResult {
  const toasts = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss };
}
