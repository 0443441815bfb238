import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { Brand } from '@solvr/contracts';
import { renderMail, type RenderedMail } from './mail-templates';

/** How a campaign's message is written: Markdown since the segments; older campaigns are plain paragraphs. */
export type CampaignFormat = 'text' | 'markdown';

/** Stands in for the recipient's unsubscribe address while the shared HTML is rendered once per campaign. */
export const UNSUBSCRIBE_LINK = '__UNSUBSCRIBE_URL__';

/** Markdown as the admin writes it (raw HTML in it is shown as text, not read), as release notes are. */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

type Token = ReturnType<MarkdownIt['parse']>[number];

const LINK_STYLE = 'color:#3b3fd8';
const BLOCK_STYLE = 'margin:0 0 16px;line-height:1.5';

/** What a campaign may hold once rendered: text formatting, lists, quotes, code and links; styles inline for mail clients. */
const CAMPAIGN_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code', 'strong', 'em', 's', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'style'], ol: ['start', 'style'], '*': ['style'] },
  allowedStyles: { '*': { margin: [/^[\d\s.pxem]+$/], 'line-height': [/^[\d.]+$/], color: [/^#[0-9a-f]{3,6}$/i], 'padding-left': [/^\d+px$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', style: LINK_STYLE }),
    p: sanitizeHtml.simpleTransform('p', { style: BLOCK_STYLE }),
    ul: sanitizeHtml.simpleTransform('ul', { style: `${BLOCK_STYLE};padding-left:24px` }),
    ol: sanitizeHtml.simpleTransform('ol', { style: `${BLOCK_STYLE};padding-left:24px` }),
  },
};

/** The text part of Markdown: what it says, links written out after their text, list items marked. */
function markdownText(tokens: Token[]): string {
  const blocks: string[] = [];
  let line = '';
  const lists: Array<{ ordered: boolean; n: number }> = [];
  let quote = 0;
  const flush = () => {
    if (line.trim()) blocks.push(quote ? line.replace(/^/gm, '> ') : line);
    line = '';
  };
  const inline = (children: Token[]) => {
    let href: string | null = null;
    let label = '';
    for (const t of children) {
      if (t.type === 'link_open') [href, label] = [t.attrGet('href'), ''];
      else if (t.type === 'link_close') {
        line += href && href !== label && `mailto:${label}` !== href ? ` (${href})` : '';
        href = null;
      } else if (t.type === 'softbreak' || t.type === 'hardbreak') line += '\n';
      else if (t.type === 'text' || t.type === 'code_inline' || t.type === 'image') {
        const content = t.type === 'image' ? t.content || '' : t.content;
        line += content;
        if (href !== null) label += content;
      }
    }
  };
  for (const t of tokens) {
    if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') lists.push({ ordered: t.type === 'ordered_list_open', n: Number(t.attrGet('start') ?? 1) });
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') lists.pop();
    else if (t.type === 'list_item_open') {
      const list = lists[lists.length - 1];
      line += `${'  '.repeat(lists.length - 1)}${list.ordered ? `${list.n++}.` : '-'} `;
    } else if (t.type === 'blockquote_open') quote++;
    else if (t.type === 'blockquote_close') quote--;
    else if (t.type === 'inline') inline(t.children ?? []);
    else if (t.type === 'fence' || t.type === 'code_block') line += t.content.replace(/\n$/, '');
    else if (t.type === 'hr') line += '---';
    if (['paragraph_close', 'heading_close', 'fence', 'code_block', 'hr'].includes(t.type)) {
      // Items of one list are one block, a line each.
      if (lists.length && t.type === 'paragraph_close') line += '\n';
      else flush();
    }
    if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
      if (!lists.length) {
        line = line.replace(/\n+$/, '');
        flush();
      }
    }
  }
  flush();
  return blocks.join('\n\n');
}

/** A campaign's message as its text and HTML parts, with UNSUBSCRIBE_LINK where each recipient's address goes. */
export function renderCampaign(brand: Brand, message: string, format: CampaignFormat = 'markdown'): RenderedMail {
  const footer = { text: `You receive this e-mail because you have a ${brand.product} account.`, linkLabel: 'Unsubscribe', url: UNSUBSCRIBE_LINK };
  if (format === 'text') return renderMail(brand, { paragraphs: message.trim().split(/\n\s*\n/), footer });
  const tokens = markdown.parse(message, {});
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), CAMPAIGN_HTML).trim();
  return renderMail(brand, { paragraphs: [markdownText(tokens)], html, footer });
}
