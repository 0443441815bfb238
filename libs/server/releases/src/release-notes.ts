import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Markdown as release notes are written (raw HTML in them is shown as text, not read). */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** What notes may hold once rendered: text formatting, lists, code and links; no images, embeds, styles or scripts. */
const NOTES_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'strong', 'em', 's', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

/** A release's notes (Markdown) as the HTML the history page shows: rendered, then sanitised. */
export function releaseNotesHtml(notes: string): string {
  return notes.trim() ? sanitizeHtml(markdown.render(notes), NOTES_HTML).trim() : '';
}
