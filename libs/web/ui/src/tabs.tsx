import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
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
  /** A tab's panel, given instead of children: each tab then has a panel of its own. */
  renderPanel?(id: string): ReactNode;
  /**
   * With renderPanel: the tabs whose panel, once shown, stays mounted (hidden while another tab is active), so what
   * it holds (a form being filled in, an upload running) survives a switch of tabs. The others mount when shown.
   */
  keepMounted?: readonly string[];
  className?: string;
  /** Accessible name of the tab list. */
  'aria-label'?: string;
}

/** Which ends of a scrolling list hide tabs: each gets a fading edge, the cue that there is more to scroll to. */
function useHiddenEnds(list: RefObject<HTMLElement | null>) {
  const [ends, setEnds] = useState({ start: false, end: false });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEnds((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      resized?.disconnect();
    };
  }, [list]);
  return ends;
}

/**
 * Controlled tabs: role="tablist"/"tab"/"tabpanel" with roving tabindex; ArrowLeft/Right (wrapping),
 * Home and End move focus and activate. The tab list scrolls horizontally when it does not fit, with a fading edge
 * on each side that has tabs out of sight.
 */
export function Tabs({ tabs, value, onChange, children, renderPanel, keepMounted = [], className, 'aria-label': ariaLabel }: TabsProps) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const hidden = useHiddenEnds(listRef);
  const activeIndex = Math.max(
    0,
    tabs.findIndex((t) => t.id === value),
  );
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => (renderPanel ? `${base}-panel-${i}` : `${base}-panel`);
  // The kept panels shown so far: they stay mounted.
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const activeId = tabs[activeIndex]?.id;
  if (activeId !== undefined && keepMounted.includes(activeId) && !kept.has(activeId)) setKept(new Set([...kept, activeId]));
  const mounted = (i: number) => i === activeIndex || (!!renderPanel && kept.has(tabs[i].id));

  // The active tab is in sight in the list, however it was chosen (a link, a button elsewhere on the page).
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[activeIndex];
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
  }, [activeIndex]);

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
      <div
        ref={listRef}
        role="tablist"
        aria-label={ariaLabel}
        aria-orientation="horizontal"
        className={cn('ui-tabs-list', hidden.start && 'has-hidden-start', hidden.end && 'has-hidden-end')}
        onKeyDown={onKeyDown}
      >
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
              aria-controls={mounted(i) ? panelId(i) : undefined}
              tabIndex={selected ? 0 : -1}
              className={cn('ui-tab', selected && 'is-active')}
              onClick={() => go(i)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {renderPanel ? (
        tabs.map((t, i) =>
          mounted(i) ? (
            <div key={t.id} id={panelId(i)} role="tabpanel" aria-labelledby={tabId(i)} tabIndex={0} className="ui-tabs-panel" hidden={i !== activeIndex}>
              {renderPanel(t.id)}
            </div>
          ) : null,
        )
      ) : (
        <div id={panelId(activeIndex)} role="tabpanel" aria-labelledby={tabId(activeIndex)} tabIndex={0} className="ui-tabs-panel">
          {children}
        </div>
      )}
    </div>
  );
}
