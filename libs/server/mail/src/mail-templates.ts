import type { Brand } from '@solvr/contracts';
import { escapeHtml } from '@solvr/server-core';

/** What a mail says; every mail of the product is one of these, rendered as a text part and an HTML part. */
export interface MailContent {
  /** Paragraphs; line breaks inside one are kept. */
  paragraphs: string[];
  /** The body as HTML already made safe (a campaign's Markdown), in place of the paragraphs in the HTML part. */
  html?: string;
  /** A button (HTML) and a plain link (text). */
  action?: { label: string; url: string };
  /** Small print under the signature (the unsubscribe line of campaign mail). */
  footer?: { text: string; linkLabel?: string; url?: string };
}

export interface RenderedMail {
  text: string;
  html: string;
}

const paragraphHtml = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;

/** The brand's plain layout: readable in any client, no images, no remote content. */
export function renderMail(brand: Brand, content: MailContent): RenderedMail {
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    brand.team,
    ...(content.footer ? [`--\n${content.footer.text}${content.footer.url ? ` ${content.footer.url}` : ''}`] : []),
  ].join('\n\n');
  const button = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#3b3fd8;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#556">${escapeHtml(content.action.url)}</p>`
    : '';
  const footer = content.footer
    ? `<p style="margin:24px 0 0;font-size:12px;color:#667">${escapeHtml(content.footer.text)}${
        content.footer.url ? ` <a href="${escapeHtml(content.footer.url)}" style="color:#3b3fd8">${escapeHtml(content.footer.linkLabel ?? content.footer.url)}</a>` : ''
      }</p>`
    : '';
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;background:#f5f6fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    `<p style="margin:0 0 20px;font-weight:700;font-size:18px">${escapeHtml(brand.product)}</p>`,
    ...(content.html !== undefined ? [content.html] : content.paragraphs.map(paragraphHtml)),
    button,
    paragraphHtml(brand.team),
    footer,
    '</div></body></html>',
  ].join('');
  return { text, html };
}
