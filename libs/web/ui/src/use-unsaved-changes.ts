import { useEffect } from 'react';

/** While `unsaved` (a draft not sent, an upload running), closing or reloading the page asks first. */
export function useUnsavedChangesPrompt(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      // The browser shows its own "Leave site?" question; the event's default action is what it asks about.
      e.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
