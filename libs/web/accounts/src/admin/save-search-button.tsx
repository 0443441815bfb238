import { useId, useState } from 'react';
import { EMAIL_CENTER_TEXTS as T, savedSearchProblem } from '@solvr/contracts';
import { Button, toast } from '@solvr/web-ui';
import { Input } from '@solvr/web-ui/forms';
import { useSaveSearchMutation } from './saved-searches.api';
import './save-search.css';

/**
 * "Save this search": names the current search of the Users tab (name, e-mail, company) so the Email Center can
 * mail its matches as a segment. Self-contained: give it the search text; it shows nothing while the search is empty.
 */
export function SaveSearchButton({ q }: { q: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [save, saving] = useSaveSearchMutation();
  const id = useId();
  if (!q.trim()) return null;

  const submit = async (e: { preventDefault(): void; stopPropagation(): void }) => {
    e.preventDefault();
    e.stopPropagation();
    const body = { name, q };
    const problem = savedSearchProblem(body);
    setError(problem ?? '');
    if (problem) return;
    const result = await save(body);
    if ('error' in result) {
      const message = (result.error as { data?: { message?: unknown } }).data?.message;
      setError(typeof message === 'string' ? message : T.saveSearchFailed);
      return;
    }
    toast({ variant: 'success', title: T.searchSaved(result.data.name) });
    setName('');
    setOpen(false);
  };

  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {T.saveSearch}
      </Button>
    );
  }
  // A form of its own (not nested in the page's): Enter saves the name, Escape closes it.
  return (
    <div role="group" aria-label={T.saveSearch} className="ui-save-search" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <label htmlFor={`${id}-name`} className="ui-sr-only">
        {T.saveSearchName}
      </label>
      <Input
        id={`${id}-name`}
        autoFocus
        placeholder={T.saveSearchName}
        value={name}
        maxLength={100}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void submit(e);
        }}
      />
      <Button size="sm" disabled={saving.isLoading} onClick={(e) => void submit(e)}>
        {T.saveSearchButton}
      </Button>
      {error ? (
        <span id={`${id}-error`} role="alert" className="ui-save-search-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
