import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ADMIN_UPLOAD_TEXTS as T, type UserPick } from '@solvr/contracts';
import { cn } from '@solvr/web-ui';
import { useDebounced } from '@solvr/web-ui/forms';
import { usePickUsersQuery } from './files-admin.api';

/** How long typing pauses before the users are looked up. */
export const PICK_DEBOUNCE_MS = 250;

export interface UserPickerProps {
  /** Id of the search input (a Field's htmlFor). */
  id: string;
  value: UserPick[];
  onChange(users: UserPick[]): void;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

const sameUser = (a: UserPick, b: UserPick) => a.email.toLowerCase() === b.email.toLowerCase();

/**
 * Several users, chosen by searching the api (e-mail or name): an ARIA combobox whose listbox toggles users in and
 * out; the chosen ones are removable chips. ArrowUp/Down move, Enter toggles (and closes the list, as a click on an
 * option does), Escape closes, Backspace in the empty box removes the last chip.
 */
export function UserPicker({ id, value, onChange, ...aria }: UserPickerProps) {
  const base = useId();
  const listId = `${base}-list`;
  const optionId = (i: number) => `${base}-option-${i}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const q = useDebounced(query.trim(), PICK_DEBOUNCE_MS);
  const { data, isFetching } = usePickUsersQuery(q, { skip: !open });
  const results = data ?? [];
  const waiting = isFetching || q !== query.trim();

  useEffect(() => setActive(0), [data]);
  // Keep the active option in view.
  useEffect(() => {
    (listRef.current?.children[active] as HTMLElement | undefined)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const isChosen = (u: UserPick) => value.some((v) => sameUser(v, u));
  /** A pick (or un-pick) closes the list, so it no longer covers the fields below; Enter, ArrowDown or typing opens it again. */
  const toggle = (u: UserPick) => {
    onChange(isChosen(u) ? value.filter((v) => !sameUser(v, u)) : [...value, u]);
    setOpen(false);
  };
  const remove = (u: UserPick) => {
    onChange(value.filter((v) => !sameUser(v, u)));
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        else setActive((i) => Math.min(i + 1, Math.max(results.length - 1, 0)));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        // Never submits the form from here.
        e.preventDefault();
        if (open && results[active]) toggle(results[active]);
        else setOpen(true);
        break;
      case 'Escape':
        if (!open) break;
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        break;
      case 'Backspace':
        if (!query && value.length) onChange(value.slice(0, -1));
        break;
    }
  };

  const status = !open ? '' : waiting && !results.length ? T.searchingUsers : results.length ? T.usersFound(results.length) : T.noUsers;

  return (
    <div
      className="fa-picker"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {value.length > 0 && (
        <ul className="fa-chips" aria-label={T.chosenUsers(value.length)}>
          {value.map((u) => (
            <li key={u.email} className="fa-chip">
              <span className="fa-chip-text">{u.full_name ? `${u.full_name} (${u.email})` : u.email}</span>
              <button type="button" className="fa-chip-remove" aria-label={T.removeUser(u.email)} onClick={() => remove(u)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="fa-picker-box">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          className="ui-input"
          placeholder={T.searchUsers}
          autoComplete="off"
          spellCheck={false}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && results[active] ? optionId(active) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          {...aria}
        />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={T.allowedUsers}
          className="fa-picker-list"
          hidden={!open || !results.length}
          // Keep the focus in the search box while clicking options.
          onMouseDown={(e) => e.preventDefault()}
        >
          {results.map((u, i) => (
            <li
              key={u.email}
              id={optionId(i)}
              role="option"
              aria-selected={isChosen(u)}
              className={cn('fa-picker-option', i === active && 'is-active')}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => toggle(u)}
            >
              <span className="fa-picker-check" aria-hidden="true">
                {isChosen(u) ? '✓' : ''}
              </span>
              <span className="fa-picker-label">
                {u.full_name && <span className="fa-picker-name">{u.full_name}</span>}
                <span className="fa-picker-email">{u.email}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div role="status" className={cn('fa-picker-status', (!open || results.length > 0) && 'ui-sr-only')}>
        {status}
      </div>
    </div>
  );
}
