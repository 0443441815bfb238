import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import type { Selection } from '@tiptap/pm/state';
import { imagesWithoutAlt } from '@solvr/contracts';
import { Textarea } from '@solvr/web-ui/forms';
import { NEWS_EDITOR_TEXTS as T } from '../texts';
import { ImageDialog, LinkDialog, VideoDialog } from './editor-dialogs';
import { EditorToolbar, type EditorToolbarHandle, type ToolbarItem } from './editor-toolbar';
import { newsEditorExtensions } from './extensions';
import { cleanPastedHtml, tidyEditorHtml, unsupportedMarkup } from './news-html-tools';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The id of the editable element. */
  id: string;
  /** The post's HTML as stored ('' for a new post). */
  initialHtml: string;
  /** The id of the element that names the editor (its label). */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** The content changed. While it reads as it did when loaded, this is `initialHtml` itself. */
  onChange(html: string): void;
}

/** The editor's HTML: '' when empty, list items without their lone paragraph (tidyEditorHtml). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : tidyEditorHtml(editor.getHTML());
}

type OpenDialog =
  | { kind: 'link'; href?: string; needsText: boolean }
  | { kind: 'image'; image?: { src: string; alt: string | null } }
  | { kind: 'video' };

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The news post's content editor (TipTap, issue 29): a toolbar (headings, bold, italic, lists, quote, code, links,
 * images with alt text, videos from the allowed hosts, undo) and its keyboard shortcuts, over a multi-line text box
 * named by the form's label. Pasted documents (Word, Google Docs) are cleaned and keep only what the schema has.
 *
 * A post opens unchanged: until its text is edited, the value stays the stored HTML itself (and returns to it when
 * an edit is undone), so saving it untouched stores what was there. A post holding markup the editor has no place
 * for (a table, say) opens as HTML, so that nothing is lost.
 */
export default function RichTextEditor({ id, initialHtml, labelId, describedBy, invalid, required, onChange }: RichTextEditorProps) {
  const noticeId = useId();
  const [mac] = useState(isMac);
  const mod = mac ? 'Meta' : 'Control';
  const [lossy] = useState(() => unsupportedMarkup(initialHtml));
  const [mode, setMode] = useState<'visual' | 'html'>(lossy.length ? 'html' : 'visual');
  const [value, setValue] = useState(initialHtml);
  const [dialog, setDialogState] = useState<OpenDialog | null>(null);
  // Where the dialog was opened from: what it inserts or changes goes there, wherever the focus went meanwhile.
  const dialogSelection = useRef<Selection | null>(null);
  const toolbar = useRef<EditorToolbarHandle>(null);
  // The editor's own HTML of the post as loaded: reading that again means "unchanged".
  const baseline = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const openLinkRef = useRef<() => void>(() => undefined);

  const report = (html: string) => {
    setValue(html);
    onChangeRef.current(html);
  };

  const extensions = useMemo(() => newsEditorExtensions({ onLink: () => openLinkRef.current(), onToolbar: () => toolbar.current?.focus() }), []);
  const missingAlt = imagesWithoutAlt(value).length;
  const describedByAll = [describedBy, missingAlt ? noticeId : undefined].filter(Boolean).join(' ');
  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = {
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      class: 'nwa-rte-content',
      spellcheck: 'true',
    };
    if (describedByAll) attributes['aria-describedby'] = describedByAll;
    if (invalid) attributes['aria-invalid'] = 'true';
    if (required) attributes['aria-required'] = 'true';
    return { attributes, transformPastedHTML: cleanPastedHtml };
  }, [id, labelId, describedByAll, invalid, required]);

  const editor = useEditor({
    extensions,
    content: lossy.length ? '' : initialHtml,
    editorProps,
    // Only ever rendered in the browser (the admin console has no server rendering).
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // Its rules are in rich-text-editor.css (no <style> added to the page).
    injectCSS: false,
    onCreate: ({ editor: created }) => {
      baseline.current = lossy.length ? null : editorHtml(created);
    },
    onUpdate: ({ editor: changed }) => {
      const html = editorHtml(changed);
      report(html === baseline.current ? initialHtml : html);
    },
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive('paragraph'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const openLink = () => {
    if (mode !== 'visual') return;
    const href = editor.getAttributes('link')['href'] as string | undefined;
    setDialog({ kind: 'link', href, needsText: editor.state.selection.empty && !href });
  };
  openLinkRef.current = openLink;
  const openImage = () => {
    const selected = editor.isActive('image') ? (editor.getAttributes('image') as { src: string; alt: string | null }) : undefined;
    setDialog({ kind: 'image', image: selected ? { src: selected.src, alt: selected.alt ?? null } : undefined });
  };

  const [source, setSource] = useState(initialHtml);
  const sourceLossy = mode === 'html' ? unsupportedMarkup(source) : [];
  const toggleHtml = () => {
    if (mode === 'visual') {
      setSource(value);
      setMode('html');
    } else if (!sourceLossy.length) {
      // The HTML as typed stays the value until the text is edited here.
      editor.commands.setContent(source, { emitUpdate: false });
      setMode('visual');
    }
  };

  // A closed dialog gives the focus back here. To the text through the editor, whose focus writes its own caret (where
  // the dialog left it) to the page: focused from outside, the browser puts it at the start, and the editor follows.
  const returnFocus = (previouslyFocused: HTMLElement | null) => {
    if (previouslyFocused && editor.view.dom.contains(previouslyFocused)) editor.view.focus();
    else if (previouslyFocused?.isConnected) previouslyFocused.focus();
  };

  const html = mode === 'html';
  const setDialog = (next: OpenDialog | null) => {
    if (next) dialogSelection.current = editor.state.selection;
    setDialogState(next);
  };
  const chain = () => editor.chain();
  /** A chain that starts at the selection the dialog was opened from (the document does not change meanwhile). */
  const dialogChain = () =>
    editor.chain().command(({ tr }) => {
      const saved = dialogSelection.current;
      if (saved) tr.setSelection(saved.map(tr.doc, tr.mapping));
      return true;
    });
  const formatting: ToolbarItem[] = [
    { key: 'p', label: T.paragraph, icon: { text: '¶' }, shortcut: `${mod}+Alt+0`, pressed: state.paragraph, run: () => chain().setParagraph().run() },
    { key: 'h2', label: T.heading(2), icon: { text: 'H2' }, shortcut: `${mod}+Alt+2`, pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: T.heading(3), icon: { text: 'H3' }, shortcut: `${mod}+Alt+3`, pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: T.bold, icon: 'bold', shortcut: `${mod}+B`, pressed: state.bold, groupStart: true, run: () => chain().toggleBold().run() },
    { key: 'italic', label: T.italic, icon: 'italic', shortcut: `${mod}+I`, pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'code', label: T.code, icon: 'code', shortcut: `${mod}+E`, pressed: state.code, run: () => chain().toggleCode().run() },
    { key: 'ul', label: T.bulletList, icon: 'bulletList', shortcut: `${mod}+Shift+8`, pressed: state.bulletList, groupStart: true, run: () => chain().toggleBulletList().run() },
    { key: 'ol', label: T.orderedList, icon: 'orderedList', shortcut: `${mod}+Shift+7`, pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'quote', label: T.quote, icon: 'quote', shortcut: `${mod}+Shift+B`, pressed: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'pre', label: T.codeBlock, icon: 'codeBlock', shortcut: `${mod}+Alt+C`, pressed: state.codeBlock, run: () => chain().toggleCodeBlock().run() },
    { key: 'link', label: T.link, icon: 'link', shortcut: `${mod}+K`, pressed: state.link, dialog: true, groupStart: true, run: openLink },
    { key: 'image', label: T.image, icon: 'image', dialog: true, run: openImage },
    { key: 'video', label: T.video, icon: 'video', dialog: true, run: () => setDialog({ kind: 'video' }) },
    { key: 'undo', label: T.undo, icon: 'undo', shortcut: `${mod}+Z`, disabled: !state.canUndo, groupStart: true, run: () => chain().undo().run() },
    { key: 'redo', label: T.redo, icon: 'redo', shortcut: `${mod}+Shift+Z`, disabled: !state.canRedo, run: () => chain().redo().run() },
  ];
  // As HTML, the formatting buttons are off and unavailable; the HTML button stays.
  const items = formatting.map((item): ToolbarItem => (html ? { ...item, pressed: item.pressed === undefined ? undefined : false, disabled: true } : item));
  items.push({ key: 'html', label: T.html, icon: { text: 'HTML' }, pressed: html, disabled: html && sourceLossy.length > 0, groupStart: true, run: toggleHtml });

  const toToolbar = (e: KeyboardEvent) => {
    if (e.key === 'F10' && e.altKey) {
      e.preventDefault();
      toolbar.current?.focus();
    }
  };

  return (
    <div className="nwa-rte" data-invalid={invalid || undefined}>
      <EditorToolbar ref={toolbar} label={T.toolbar} controls={html ? `${id}-html` : id} items={items} mac={mac} />
      <div hidden={html} className="nwa-rte-frame">
        <EditorContent editor={editor} />
      </div>
      {html && (
        <Textarea
          id={`${id}-html`}
          aria-label={T.htmlLabel}
          aria-describedby={[describedBy, sourceLossy.length ? `${noticeId}-html` : undefined].filter(Boolean).join(' ') || undefined}
          rows={12}
          className="nwa-html"
          spellCheck
          value={source}
          invalid={invalid}
          aria-required={required || undefined}
          onKeyDown={toToolbar}
          onChange={(e) => {
            setSource(e.target.value);
            report(e.target.value);
          }}
        />
      )}
      {html && sourceLossy.length > 0 && (
        <p id={`${noticeId}-html`} className="ui-field-hint nwa-rte-note">
          {T.htmlOnly(sourceLossy)}
        </p>
      )}
      {!html && missingAlt > 0 && (
        <p id={noticeId} className="ui-field-hint nwa-rte-note nwa-rte-warning">
          {T.imagesWithoutAlt(missingAlt)}
        </p>
      )}
      {dialog?.kind === 'link' && (
        <LinkDialog
          returnFocus={returnFocus}
          href={dialog.href}
          needsText={dialog.needsText}
          onClose={() => setDialog(null)}
          onRemove={
            dialog.href
              ? () => {
                  dialogChain().extendMarkRange('link').unsetLink().run();
                  setDialog(null);
                }
              : undefined
          }
          onApply={({ href, text }) => {
            if (text) dialogChain().insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).run();
            else dialogChain().extendMarkRange('link').setLink({ href }).run();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'image' && (
        <ImageDialog
          returnFocus={returnFocus}
          image={dialog.image}
          onClose={() => setDialog(null)}
          onApply={(image) => {
            if (dialog.image) dialogChain().updateAttributes('image', image).run();
            else dialogChain().setImage(image).run();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'video' && (
        <VideoDialog
          returnFocus={returnFocus}
          onClose={() => setDialog(null)}
          onApply={(video) => {
            dialogChain().setVideoEmbed(video).run();
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
