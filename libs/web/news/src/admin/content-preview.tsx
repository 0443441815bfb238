import { useDeferredValue } from 'react';

/** Enough style for the preview to read like the news page; the page's own CSS does not reach into the frame. */
const FRAME_STYLE = [
  "body{margin:12px;font:15px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;overflow-wrap:anywhere}",
  'img,iframe,video{max-width:100%;height:auto}',
  'pre{overflow-x:auto;background:#f1f5f9;padding:8px;border-radius:6px}',
  'table{border-collapse:collapse;display:block;overflow-x:auto}',
  'th,td{border:1px solid #e2e8f0;padding:4px 8px}',
  'a{color:#4f46e5}',
].join('');

/** Scripts would only be blocked by the sandbox (with a console error each); the api drops them on save anyway. */
function withoutScripts(html: string): string {
  if (typeof DOMParser === 'undefined' || !/<script/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('script').forEach((script) => script.remove());
  return doc.body.innerHTML;
}

/** The frame's whole document: the admin's HTML as typed (not sanitised yet: the api does that on save). */
export function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${FRAME_STYLE}</style></head><body>${withoutScripts(html)}</body></html>`;
}

export interface ContentPreviewProps {
  html: string;
  /** The frame's accessible name. */
  title: string;
  className?: string;
}

/**
 * Live preview of the HTML being written. It is shown in a sandboxed frame (no scripts, no same-origin access,
 * no forms or pop-ups): the text is not sanitised until the api stores it, so nothing typed here runs in the page.
 */
export function ContentPreview({ html, title, className }: ContentPreviewProps) {
  const deferred = useDeferredValue(html);
  return <iframe title={title} sandbox="" srcDoc={previewDocument(deferred)} className={className} />;
}
