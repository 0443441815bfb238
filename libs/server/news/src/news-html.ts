import sanitizeHtml from 'sanitize-html';
import { NEWS_VIDEO_HOSTS } from '@solvr/contracts';

/** The video hosts the Proof page embeds from (the shell's CSP frame-src names the same; the editor uses the same list). */
export const VIDEO_HOSTS = [...NEWS_VIDEO_HOSTS];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption', 'iframe'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
  ],
  // No style and no event handlers anywhere: CSS expressions and on* attributes never survive.
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen'],
    abbr: ['title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  disallowedTagsMode: 'discard',
  // User content: links never pass our referrer or a window handle, nor ranking.
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer nofollow' } };
    },
  },
};

/**
 * News content as it is stored: formatting, links, images and embeds of the Proof video host survive; scripts,
 * event handlers, styles, forms, other iframes and javascript:/data: URLs do not.
 */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
