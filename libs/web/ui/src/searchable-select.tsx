import { memo, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from './cn';
import { Icon } from './icons';

export interface SelectOption {
  value: string;
  /** The option as the list shows it, in full (long labels wrap). */
  label: string;
  /** A second, searchable text shown after the label (e.g. a dial code). */
  hint?: string;
  /** What the closed select shows once this option is chosen (default: the label), e.g. only the dial code. */
  valueLabel?: string;
  /** A short text icon such as an emoji flag. */
  icon?: string;
}

export interface SearchableSelectProps {
  /** Id of the trigger button (use it as a Label/Field htmlFor). */
  id?: string;
  options: SelectOption[];
  value: string | null;
  onChange(value: string): void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

interface OptionRowProps {
  option: SelectOption;
  id: string;
  index: number;
  active: boolean;
  selected: boolean;
}

const OptionRow = memo(function OptionRow({ option, id, index, active, selected }: OptionRowProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      data-index={index}
      className={cn('ui-select-option', active && 'is-active', selected && 'is-selected')}
    >
      {option.icon && (
        <span className="ui-select-option-icon" aria-hidden="true">
          {option.icon}
        </span>
      )}
      <span className="ui-select-option-label">{option.label}</span>
      {option.hint && <span className="ui-select-option-hint">{option.hint}</span>}
      <span className="ui-select-check" aria-hidden="true">
        {selected && <Icon name="check" />}
      </span>
    </li>
  );
});

/** How well `query` (lower-case) matches a text: 0 exactly, 1 at its start, 2 at a word start, 3 inside a word; null not at all. */
function matchRank(text: string, query: string): number | null {
  const t = text.toLowerCase();
  if (t === query) return 0;
  if (t.startsWith(query)) return 1;
  let at = t.indexOf(query);
  if (at < 0) return null;
  for (; at >= 0; at = t.indexOf(query, at + 1)) if (!/[\p{L}\p{N}]/u.test(t[at - 1])) return 2;
  return 3;
}

/**
 * The options matching `query`, best first: exact matches, then those starting with it, then those with a word
 * starting with it, then the rest containing it; the given order within each group. A hint such as '+44' also
 * matches without its '+', so typing 44 finds it as a prefix.
 */
export function rankOptions(options: SelectOption[], query: string): SelectOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options;
  const ranked: Array<{ option: SelectOption; rank: number; index: number }> = [];
  options.forEach((option, index) => {
    const texts = [option.label, ...(option.hint === undefined ? [] : [option.hint, option.hint.replace(/^\+/, '')])];
    const ranks = texts.map((t) => matchRank(t, q)).filter((r): r is number => r !== null);
    if (ranks.length) ranked.push({ option, rank: Math.min(...ranks), index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.option);
}

function indexFromEvent(target: EventTarget | null): number | null {
  const li = (target as HTMLElement | null)?.closest?.('[data-index]');
  if (!li) return null;
  const n = Number(li.getAttribute('data-index'));
  return Number.isInteger(n) ? n : null;
}

/**
 * A select with a search box: a trigger button (role="combobox") opens a popup with a search input
 * (autofocused) and a listbox filtered case-insensitively on label and hint, best matches first (see
 * rankOptions). ArrowUp/Down move the active option, Enter selects, Escape closes; a click outside closes.
 * The popup is at least 20rem wide, so a narrow trigger (a dial code) still lists the options in full.
 */
export function SearchableSelect({
  id,
  options,
  value,
  onChange,
  placeholder = 'Select...',
  searchPlaceholder = 'Search...',
  emptyText = 'No results found.',
  disabled,
  invalid,
  className,
  'aria-label': ariaLabel,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  'aria-required': ariaRequired,
}: SearchableSelectProps) {
  const autoId = useId();
  const triggerId = id ?? `${autoId}-trigger`;
  const listboxId = `${autoId}-listbox`;
  const optionId = (i: number) => `${autoId}-option-${i}`;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = useMemo(() => options.find((o) => o.value === value) ?? null, [options, value]);

  const filtered = useMemo(() => rankOptions(options, query), [options, query]);

  const openPopup = () => {
    if (disabled) return;
    const i = selected ? options.indexOf(selected) : 0;
    setQuery('');
    setActiveIndex(i < 0 ? 0 : i);
    setOpen(true);
  };

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };

  const choose = (index: number) => {
    const option = filtered[index];
    if (!option) return;
    onChange(option.value);
    close(true);
  };

  // Autofocus the search box and show the selected option.
  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
  }, [open]);

  // Keep the active option in view.
  useEffect(() => {
    if (!open) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  // Click outside closes.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (filtered.length) setActiveIndex((i) => Math.min(i + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (filtered.length) setActiveIndex((i) => Math.max(i - 1, 0));
        break;
      case 'PageDown':
        e.preventDefault();
        if (filtered.length) setActiveIndex((i) => Math.min(i + 8, filtered.length - 1));
        break;
      case 'PageUp':
        e.preventDefault();
        if (filtered.length) setActiveIndex((i) => Math.max(i - 8, 0));
        break;
      case 'Enter':
        e.preventDefault();
        choose(activeIndex);
        break;
      case 'Escape':
        // Handled here so an enclosing Dialog stays open.
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const onTriggerKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      openPopup();
    }
  };

  const activeValid = activeIndex >= 0 && activeIndex < filtered.length;
  const isInvalid = invalid || ariaInvalid === true || ariaInvalid === 'true';

  return (
    <div
      ref={rootRef}
      className={cn('ui-select', open && 'is-open', className)}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (open && next && !e.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-label={ariaLabel}
        aria-describedby={ariaDescribedBy}
        aria-invalid={isInvalid || undefined}
        aria-required={ariaRequired}
        disabled={disabled}
        className="ui-input ui-select-trigger"
        onClick={() => (open ? close(false) : openPopup())}
        onKeyDown={onTriggerKeyDown}
      >
        {selected ? (
          <span className="ui-select-value" title={selected.valueLabel ? selected.label : undefined}>
            {selected.icon && (
              <span className="ui-select-option-icon" aria-hidden="true">
                {selected.icon}
              </span>
            )}
            <span className="ui-select-value-label">{selected.valueLabel ?? selected.label}</span>
            {selected.valueLabel && <span className="ui-sr-only"> {selected.label}</span>}
          </span>
        ) : (
          <span className="ui-select-placeholder">{placeholder}</span>
        )}
        <Icon name="chevronDown" className="ui-select-chevron" />
      </button>

      {open && (
        <div className="ui-select-popup">
          <div className="ui-select-search">
            <Icon name="search" className="ui-select-search-icon" />
            <input
              ref={inputRef}
              type="text"
              className="ui-select-search-input"
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeValid ? optionId(activeIndex) : undefined}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={onInputKeyDown}
            />
          </div>
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={ariaLabel ?? placeholder}
            className="ui-select-list"
            // Keep focus in the search box while clicking options.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={(e) => {
              const i = indexFromEvent(e.target);
              if (i !== null && i !== activeIndex) setActiveIndex(i);
            }}
            onClick={(e) => {
              const i = indexFromEvent(e.target);
              if (i !== null) choose(i);
            }}
          >
            {filtered.map((o, i) => (
              <OptionRow
                key={o.value}
                option={o}
                id={optionId(i)}
                index={i}
                active={i === activeIndex}
                selected={o.value === value}
              />
            ))}
          </ul>
          {filtered.length === 0 && <div className="ui-select-empty">{emptyText}</div>}
        </div>
      )}
    </div>
  );
}
