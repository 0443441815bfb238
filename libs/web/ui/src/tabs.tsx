import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Id of the active tab. */
  value: string;
  onChange(id: string): void;
  /** Content of the active panel. */
  children?: ReactNode;
  className?: string;
  /** Accessible name of the tab list. */
  'aria-label'?: string;
}

/**
 * Controlled tabs: role="tablist"/"tab"/"tabpanel" with roving tabindex; ArrowLeft/Right (wrapping),
 * Home and End move focus and activate. The tab list scrolls horizontally when it does not fit.
 */
export function Tabs({ tabs, value, onChange, children, className, 'aria-label': ariaLabel }: TabsProps) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((t) => t.id === value),
  );
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = `${base}-panel`;

  const go = (i: number) => {
    const tab = tabs[i];
    if (!tab) return;
    const el = refs.current[i];
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (tab.id !== value) onChange(tab.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = tabs.length;
    if (!n) return;
    const current = refs.current.findIndex((el) => el === document.activeElement);
    const from = current >= 0 ? current : activeIndex;
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (from + 1) % n;
    else if (e.key === 'ArrowLeft') next = (from - 1 + n) % n;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    if (next === null) return;
    e.preventDefault();
    go(next);
  };

  return (
    <div className={cn('ui-tabs', className)}>
      <div role="tablist" aria-label={ariaLabel} aria-orientation="horizontal" className="ui-tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => {
          const selected = i === activeIndex;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={tabId(i)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className={cn('ui-tab', selected && 'is-active')}
              onClick={() => go(i)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(activeIndex)} tabIndex={0} className="ui-tabs-panel">
        {children}
      </div>
    </div>
  );
}
