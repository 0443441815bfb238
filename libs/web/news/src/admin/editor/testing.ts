// Jest helpers for the news editor (specs only; nothing of the product imports this file).
import type { Editor } from '@tiptap/core';

/**
 * ProseMirror measures the page to scroll the cursor into view and to place it after a click; jsdom lays nothing
 * out. These stand-ins answer "nothing here" (zero rectangles), which is all the editor needs in a spec.
 */
export function stubEditorLayout() {
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  // jsdom's Range has neither; its Element has both.
  Object.assign(Range.prototype, { getClientRects: rects, getBoundingClientRect: rect });
  (document as { elementFromPoint?: unknown }).elementFromPoint ??= () => null;
  // For view.pasteHTML (ProseMirror's paste, from clipboard HTML): jsdom has no ClipboardEvent.
  (globalThis as { ClipboardEvent?: unknown }).ClipboardEvent ??= class ClipboardEvent extends Event {
    readonly clipboardData = null;
  };
}

/** The TipTap editor behind an editable element (TipTap puts it on its element as `editor`). */
export function editorOf(el: HTMLElement): Editor {
  const editor = (el as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('Not a TipTap editor element');
  return editor;
}
