import { useSyncExternalStore } from 'react';

/** Below this width the Users tab shows cards instead of the table (phones, e.g. 390 px). */
export const NARROW_QUERY = '(max-width: 640px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

/** Whether the viewport is narrow, following resizes; one component tree switches layout without fetching again. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
