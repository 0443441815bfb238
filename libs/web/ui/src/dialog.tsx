import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { Icon } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Show the × button in the corner (aria-label "Close dialog"); default true. */
  showCloseButton?: boolean;
  /** Extra class on the dialog panel (e.g. `ui-dialog-lg` for a wider dialog). */
  className?: string;
  /**
   * Gives the focus back on close, instead of focusing what had it before the dialog opened (passed here): for a
   * text editor, which must put its own caret back (focused from outside, the browser puts it at the start).
   */
  returnFocus?(previouslyFocused: HTMLElement | null): void;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.hidden && !el.closest('[hidden],[inert]'),
  );
}

// Open dialogs, innermost last: only the top one reacts to keys that reach document.body.
const stack: HTMLElement[] = [];

// Body scroll lock shared by nested dialogs.
let lockCount = 0;
let savedOverflow = '';
function lockScroll() {
  if (lockCount++ === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
}
function unlockScroll() {
  if (--lockCount === 0) document.body.style.overflow = savedOverflow;
}

/**
 * Modal dialog rendered in a portal on document.body. Escape and a click on the backdrop close it;
 * focus moves in on open (to an element with `data-autofocus`, else the first focusable control in the
 * body/footer, else the panel) and back to the previously focused element on close; Tab is trapped.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  showCloseButton = true,
  className,
  returnFocus,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedInside = useRef(false);
  const onOpenChangeRef = useRef(onOpenChange);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      const content = panel.querySelector<HTMLElement>('.ui-dialog-content');
      const target =
        panel.querySelector<HTMLElement>('[data-autofocus]') ??
        (content ? focusables(content)[0] : undefined) ??
        panel;
      target.focus();
    }
    lockScroll();
    if (panel) stack.push(panel);

    // Focus can fall back to <body> (e.g. the focused button got disabled): keep the keys working.
    const onDocumentKeyDown = (e: globalThis.KeyboardEvent) => {
      if (!panel || stack[stack.length - 1] !== panel || e.target !== document.body) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onOpenChangeRef.current(false);
      } else if (e.key === 'Tab') {
        e.preventDefault();
        const items = focusables(panel);
        const target = e.shiftKey ? items[items.length - 1] : items[0];
        (target ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onDocumentKeyDown);

    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      if (panel) stack.splice(stack.indexOf(panel), 1);
      unlockScroll();
      if (returnFocusRef.current) returnFocusRef.current(previouslyFocused);
      else if (previouslyFocused && previouslyFocused.isConnected && typeof previouslyFocused.focus === 'function') {
        previouslyFocused.focus();
      }
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      onOpenChange(false);
      return;
    }
    if (e.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      e.preventDefault();
      panelRef.current.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    const inside = !!active && panelRef.current.contains(active);
    if (e.shiftKey && (active === first || active === panelRef.current || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="ui-dialog-overlay"
      onMouseDown={(e) => {
        pressStartedInside.current = e.target !== e.currentTarget;
      }}
      onClick={(e) => {
        const startedInside = pressStartedInside.current;
        pressStartedInside.current = false;
        if (e.target === e.currentTarget && !startedInside) onOpenChange(false);
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn('ui-dialog', className)}
        onKeyDown={onKeyDown}
      >
        <div className="ui-dialog-header">
          <h2 id={titleId} className="ui-dialog-title">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="ui-dialog-description">
              {description}
            </div>
          )}
        </div>
        <div className="ui-dialog-content">
          {children && <div className="ui-dialog-body">{children}</div>}
          {footer && <div className="ui-dialog-footer">{footer}</div>}
        </div>
        {showCloseButton && (
          <button type="button" className="ui-dialog-close" aria-label="Close dialog" onClick={() => onOpenChange(false)}>
            <Icon name="x" />
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}
