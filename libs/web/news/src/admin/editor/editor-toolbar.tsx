import { forwardRef, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Stroke paths (24×24, currentColor) of the toolbar's icons; always decorative, the button's text names it. */
const ICONS = {
  bold: 'M6 12h8a4 4 0 0 0 0-8H6v16h9a4 4 0 0 0 0-8',
  italic: 'M19 4h-9M14 20H5M15 4 9 20',
  bulletList: 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
  orderedList: 'M10 6h11M10 12h11M10 18h11M4 4h1v5M4 9h2M6 19H4c0-1 2-2 2-3s-1-1.5-2-1',
  quote: 'M4 17h4l2-4V7H4v6h3zM14 17h4l2-4V7h-6v6h3z',
  code: 'm16 18 6-6-6-6M8 6l-6 6 6 6',
  codeBlock: 'M3 4h18v16H3zM10 9l-3 3 3 3M14 9l3 3-3 3',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  image: 'M3 3h18v18H3zM21 15l-5-5L5 21M9 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3',
  video: 'M2 6h14v12H2zM16 10l6-4v12l-6-4',
  undo: 'M3 7v6h6M21 17a9 9 0 0 0-15-6.7L3 13',
  redo: 'M21 7v6h-6M3 17a9 9 0 0 1 15-6.7L21 13',
} as const;

export type ToolbarIcon = keyof typeof ICONS;

export interface ToolbarItem {
  key: string;
  /** The button's accessible name (and its tooltip, with the shortcut). */
  label: string;
  /** An icon, or short text (H2, HTML). */
  icon: ToolbarIcon | { text: string };
  /** As aria-keyshortcuts writes it: 'Control+B'. */
  shortcut?: string;
  /** A toggle: its state (aria-pressed). Absent: a plain button. */
  pressed?: boolean;
  disabled?: boolean;
  /** It opens a dialog. */
  dialog?: boolean;
  /** Starts a new group (a gap before it). */
  groupStart?: boolean;
  run(): void;
}

function ItemIcon({ icon }: { icon: ToolbarItem['icon'] }): ReactNode {
  if (typeof icon !== 'string') {
    return (
      <span className="nwa-rte-glyph" aria-hidden="true">
        {icon.text}
      </span>
    );
  }
  return (
    <svg className="nwa-rte-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={ICONS[icon]} />
    </svg>
  );
}

/** 'Control+Shift+8' as people read it: 'Ctrl+Shift+8' (on a Mac '⌘⇧8'). */
export function shortcutText(shortcut: string, mac: boolean): string {
  if (!mac) return shortcut.replace('Control', 'Ctrl');
  return shortcut
    .replace('Meta+', '⌘')
    .replace('Shift+', '⇧')
    .replace('Alt+', '⌥')
    .replace(/\+/g, '');
}

export interface EditorToolbarProps {
  label: string;
  /** The id of the editor the toolbar acts on. */
  controls: string;
  items: ToolbarItem[];
  mac: boolean;
}

export interface EditorToolbarHandle {
  /** Focuses the toolbar's current button (Alt+F10 in the editor). */
  focus(): void;
}

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, the arrow keys (and Home, End) move between its
 * buttons; a toggle says its state with aria-pressed; each button names its shortcut (aria-keyshortcuts and the
 * tooltip). Pressing a button keeps the editor's selection (mousedown does not take the focus from the text).
 */
export const EditorToolbar = forwardRef<EditorToolbarHandle, EditorToolbarProps>(function EditorToolbar({ label, controls, items, mac }, ref) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.min(current, items.length - 1);
  useImperativeHandle(ref, () => ({ focus: () => buttons.current[index]?.focus() }), [index]);

  const move = (to: number) => {
    const next = (to + items.length) % items.length;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
    };
    const action = keys[e.key];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    action();
  };

  return (
    <div role="toolbar" aria-label={label} aria-controls={controls} className="nwa-rte-toolbar" onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const keys = item.shortcut ? shortcutText(item.shortcut, mac) : undefined;
        return (
          <button
            key={item.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className={item.groupStart && i > 0 ? 'nwa-rte-button nwa-rte-group' : 'nwa-rte-button'}
            tabIndex={i === index ? 0 : -1}
            title={keys ? `${item.label} (${keys})` : item.label}
            aria-pressed={item.pressed}
            aria-disabled={item.disabled || undefined}
            aria-haspopup={item.dialog ? 'dialog' : undefined}
            aria-keyshortcuts={item.shortcut}
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setCurrent(i)}
            onClick={() => {
              setCurrent(i);
              if (!item.disabled) item.run();
            }}
          >
            <ItemIcon icon={item.icon} />
            <span className="ui-sr-only">{item.label}</span>
          </button>
        );
      })}
    </div>
  );
});
