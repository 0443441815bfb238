import { Extension, Node, mergeAttributes, type Attributes, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Link, type LinkOptions } from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { isNewsLinkHref, isNewsVideoSrc } from '@solvr/contracts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Inserts a video (an iframe of an allowed host, see isNewsVideoSrc) at the selection. */
      setVideoEmbed: (attrs: { src: string; title: string }) => ReturnType;
    };
  }
}

/**
 * A video from the hosts the api's sanitiser keeps (<iframe src="https://www.youtube-nocookie.com/embed/…">), with
 * the attributes it keeps. In the editor it is a card naming the video (no player: nothing loads while writing); the
 * preview and the post show the player.
 */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    // In the order the sanitiser keeps them, so that a post's iframe reads back as it was written.
    return {
      src: { default: null },
      title: { default: null },
      width: { default: null },
      height: { default: null },
      allow: { default: null },
      allowfullscreen: { default: null },
    };
  },

  parseHTML() {
    return [{ tag: 'iframe[src]', getAttrs: (el) => (isNewsVideoSrc((el as HTMLElement).getAttribute('src') ?? '') ? null : false) }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes)];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'nwa-rte-video';
      dom.contentEditable = 'false';
      const label = document.createElement('span');
      label.className = 'nwa-rte-video-title';
      label.textContent = `▶ ${String(node.attrs['title'] ?? '')}`;
      const src = document.createElement('span');
      src.className = 'nwa-rte-video-src';
      src.textContent = String(node.attrs['src'] ?? '');
      dom.append(label, src);
      return { dom };
    };
  },

  addCommands() {
    return {
      setVideoEmbed:
        ({ src, title }) =>
        ({ commands }) =>
          isNewsVideoSrc(src) &&
          commands.insertContent({ type: this.name, attrs: { src, title, width: '560', height: '315', allow: 'fullscreen; picture-in-picture', allowfullscreen: '' } }),
    };
  },
});

/**
 * Links as the sanitiser keeps them: only addresses it keeps (isNewsLinkHref), and no target or rel of the editor's
 * own (the api sets rel on every link). Attributes in the order href, title, target, rel: the order the sanitiser
 * writes, so that a stored link reads back as it was.
 */
const NewsLink = Link.extend({
  addOptions() {
    return {
      ...(this.parent?.() as LinkOptions),
      openOnClick: false,
      // Off: it would also make a link grow with the text typed right after it.
      autolink: false,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // Replaced, not merged: Link's own are target="_blank" and a rel, written before the href.
      HTMLAttributes: {},
      isAllowedUri: (url: string) => isNewsLinkHref(url),
    };
  },
  addAttributes() {
    const parent = (this.parent?.() ?? {}) as Attributes;
    return { href: parent['href'], title: parent['title'], target: parent['target'], rel: parent['rel'] };
  },
  renderHTML({ HTMLAttributes }) {
    const href = typeof HTMLAttributes['href'] === 'string' && isNewsLinkHref(HTMLAttributes['href']) ? HTMLAttributes['href'] : null;
    return ['a', { ...HTMLAttributes, href }, 0];
  },
});

export interface EditorShortcutsOptions {
  /** Ctrl/Cmd+K: the link dialog. */
  onLink: () => void;
  /** Alt+F10: to the toolbar. */
  onToolbar: () => void;
}

/** The editor's keys beyond StarterKit's own (Ctrl/Cmd+B, I, E, Alt+2, Shift+8, ...). */
const EditorShortcuts = Extension.create<EditorShortcutsOptions>({
  name: 'newsEditorShortcuts',
  addOptions() {
    return { onLink: () => undefined, onToolbar: () => undefined };
  },
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.options.onLink();
        return true;
      },
      'Alt-F10': () => {
        this.options.onToolbar();
        return true;
      },
    };
  },
});

/**
 * The news editor's schema: the part of what the sanitiser keeps that an editor writes (headings, paragraphs, bold,
 * italic, underline, strike, code, code blocks, quotes, lists, rules, line breaks, links, images, videos). Pasted
 * markup outside it loses its tags and keeps its text; styles are never kept.
 */
export function newsEditorExtensions(shortcuts: EditorShortcutsOptions): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: false,
      // An empty paragraph added after a last heading or list would change every such post on save.
      trailingNode: false,
    }),
    NewsLink,
    // Inline, as <img> is in HTML: an image inside a paragraph stays there.
    Image.configure({ inline: true, allowBase64: false }),
    VideoEmbed,
    EditorShortcuts.configure(shortcuts),
  ];
}
