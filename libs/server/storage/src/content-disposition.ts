import formatDisposition from 'content-disposition';
const MAX_NAME = 200;

/** Control characters, lone surrogates, line/paragraph separators, bidi marks, embeddings, overrides and isolates, double quotes. */
function unsafe(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    (c >= 0xd800 && c <= 0xdfff) ||
    c === 0x22 ||
    c === 0x61c ||
    c === 0x200e ||
    c === 0x200f ||
    c === 0x2028 ||
    c === 0x2029 ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

/**
 * A file name safe to show and to send in a header: the last path part only, without control characters,
 * bidi overrides or double quotes, no leading dots, at most 200 characters (keeping a short extension).
 */
export function safeFileName(fileName: string, fallback = 'download'): string {
  const parts = Array.from(fileName)
    .filter((c) => !unsafe(c.codePointAt(0) ?? 0))
    .join('')
    .normalize('NFC')
    .split(/[/\\]/)
    .map((part) => part.trim().replace(/^[.\s]+/, '').replace(/[.\s]+$/, ''))
    .filter(Boolean);
  const name = parts.at(-1);
  return name ? cut(name) : fallback;
}

function cut(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME) return name;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  return chars.slice(0, MAX_NAME - ext.length).join('').trimEnd() + ext;
}

/**
 * `attachment; filename="<name>"` for a sanitised file name (the `content-disposition` package), with an ASCII
 * fallback and `filename*=UTF-8''<encoded>` (RFC 6266) when the name is not plain ASCII.
 */
export function contentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|[%\\]/g, '_');
  return formatDisposition(name, { type: 'attachment', fallback: ascii });
}
