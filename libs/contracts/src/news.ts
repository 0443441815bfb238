import { LIMITS } from './limits';

/** A news post as every caller receives it; content is HTML, sanitised when it was written. */
export interface NewsView {
  id: string;
  /** The post's address: /NewsPage?post={slug}. */
  slug: string;
  title: string;
  /** As written; may be empty (then newsExcerpt derives one from the content). */
  excerpt: string;
  content: string;
  author: string;
  is_featured: boolean;
  is_published: boolean;
  /** ISO 8601. */
  created_date: string;
  updated_date: string;
}

/** GET /api/news?page&limit (published, newest first) and GET /api/admin/news. */
export interface NewsList {
  items: NewsView[];
  total: number;
  page: number;
  limit: number;
}

/** POST /api/admin/news and PUT /api/admin/news/:id. */
export interface NewsInput {
  title: string;
  content: string;
  excerpt?: string;
  /** Empty: the team name (spec section 9). */
  author?: string;
  /** Default false. */
  is_featured?: boolean;
  /** Default true. */
  is_published?: boolean;
}

/** PATCH /api/admin/news/:id: the publish toggle (or featured). */
export interface NewsFlags {
  is_published?: boolean;
  is_featured?: boolean;
}

export const NEWS_LIMITS = { title: 200, excerpt: 1000, author: 100, content: 200_000, pageSize: 50 } as const;

/** The feeds of published news at the site's root; every server-rendered page's head names them. */
export const NEWS_FEEDS = {
  title: (product: string) => `${product} news`,
  links: [
    { path: '/rss.xml', type: 'application/rss+xml' },
    { path: '/atom.xml', type: 'application/atom+xml' },
  ],
} as const;

/** Spec texts about news, verbatim, and ours where the spec has none. */
export const NEWS_TEXTS = {
  management: 'News Management',
  add: 'Add News',
  edit: 'Edit News',
  required: 'Title and content are required',
  created: 'News created successfully!',
  updated: 'News updated successfully!',
  saveFailed: 'Failed to save news. Please try again.',
  deleteTitle: 'Are you sure?',
  deleteBody: (title: string) => `This will permanently delete "${title}". This action cannot be undone.`,
  emptyTitle: 'No news posts',
  emptyBody: 'Create your first news post to get started',
  featured: 'Featured',
  published: 'Published',
  draft: 'Draft',
  readMore: 'Read more',
  /** The link's name for assistive technology: the visible 'Read more' and where it leads. */
  readMoreAbout: (title: string) => `Read more: ${title}`,
  by: (author: string) => `By ${author}`,
  // Ours:
  notFound: 'This news post does not exist.',
  noMoreNews: 'No other news yet.',
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
  imageAltMissing: (count: number) =>
    `${count === 1 ? 'An image has' : `${count} images have`} no alt text. Describe each image with alt="…" (people who cannot see it hear this), or write alt="" for a purely decorative one.`,
} as const;

/** The <img> tags of some HTML that have no alt attribute at all (alt="" is a decorative image, and fine). */
export function imagesWithoutAlt(html: string): string[] {
  return (html.match(/<img\b[^>]*>/gi) ?? []).filter((tag) => !/\salt(\s*=|[\s/>])/i.test(tag));
}

/**
 * The hosts a post may embed a video from, over https only: the api's sanitiser keeps an <iframe> whose address is
 * https on one of them and drops every other (libs/server/news/src/news-html.ts takes this list; the shell's CSP
 * frame-src names the same). A spec of the news editor (libs/web/news) checks that the lists agree.
 */
export const NEWS_VIDEO_HOSTS: readonly string[] = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'];

/** An address the sanitiser keeps in an iframe: https, on NEWS_VIDEO_HOSTS, no user name or password. */
export function isNewsVideoSrc(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && NEWS_VIDEO_HOSTS.includes(url.hostname);
}

/**
 * The embed address for what an admin pastes: a YouTube page (youtube.com/watch?v=, youtu.be/, /shorts/) becomes
 * its youtube-nocookie.com embed (as the Proof page embeds), a vimeo.com page its player.vimeo.com one; an address
 * already on NEWS_VIDEO_HOSTS stays as it is. Null: not a video the sanitiser would keep.
 */
export function newsVideoEmbedUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const youtubeId = /^[A-Za-z0-9_-]{11}$/;
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' && url.pathname === '/watch') id = url.searchParams.get('v');
  else if (host === 'youtube.com' && url.pathname.startsWith('/shorts/')) id = url.pathname.slice('/shorts/'.length);
  if (id !== null) return youtubeId.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  if (host === 'vimeo.com') {
    const vimeo = /^\/(\d+)\/?$/.exec(url.pathname);
    return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : null;
  }
  return isNewsVideoSrc(url.href) ? url.href : null;
}

/**
 * A link address the sanitiser keeps: http, https or mailto, or one without a scheme ('/News', '#part', 'page');
 * never protocol-relative ('//host') or another scheme (javascript:, data:).
 */
export function isNewsLinkHref(href: string): boolean {
  const value = href.trim();
  // eslint-disable-next-line no-control-regex
  if (!value || value.startsWith('//') || /[\u0000-\u001f\\]/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return scheme ? ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase()) : true;
}

/** An image address the sanitiser keeps: http or https (no data:, file: or blob:, which a pasted document carries). */
export function isNewsImageSrc(src: string): boolean {
  return /^https?:\/\/[^/\s]/i.test(src.trim());
}

/** Text of sanitised HTML: tags dropped, the common entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut to `max` characters (not splitting a surrogate pair) plus '...' when longer. */
export function cutWithEllipsis(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : text;
}

/** Spec section 9: the excerpt, else the content stripped of markup and cut to 150 characters plus an ellipsis. */
export function newsExcerpt(post: Pick<NewsView, 'excerpt' | 'content'>): string {
  const excerpt = post.excerpt.trim();
  return excerpt || cutWithEllipsis(htmlToText(post.content), LIMITS.newsExcerptFallback);
}

/** Spec section 2, admin News tab: the first 200 characters of the content (shown as HTML), '...' if longer. */
export function adminNewsPreview(content: string): string {
  return content.length > LIMITS.adminNewsPreview ? `${content.slice(0, LIMITS.adminNewsPreview)}...` : content;
}

export type NewsCheck = { ok: true; record: Required<NewsInput> } | { ok: false; field: keyof NewsInput; message: string };

/**
 * Spec section 5: title and content are required ('Title and content are required'); then lengths. Defaults of
 * spec section 9: published, not featured, author the team name. Content counts as empty when it has no text
 * and no image (an editor's empty "<p></p>"). Every image needs an alt attribute (WCAG 1.1.1).
 */
export function validateNews(input: Partial<NewsInput>, teamName: string): NewsCheck {
  const title = (input.title ?? '').trim();
  const content = (input.content ?? '').trim();
  if (!title || (!htmlToText(content) && !/<img\s/i.test(content))) return { ok: false, field: !title ? 'title' : 'content', message: NEWS_TEXTS.required };
  const excerpt = (input.excerpt ?? '').trim();
  const author = (input.author ?? '').trim() || teamName;
  const unnamedImages = imagesWithoutAlt(content).length;
  if (unnamedImages) return { ok: false, field: 'content', message: NEWS_TEXTS.imageAltMissing(unnamedImages) };
  for (const [field, value, max, label] of [
    ['title', title, NEWS_LIMITS.title, 'Title'],
    ['excerpt', excerpt, NEWS_LIMITS.excerpt, 'Excerpt'],
    ['author', author, NEWS_LIMITS.author, 'Author'],
    ['content', content, NEWS_LIMITS.content, 'Content'],
  ] as const) {
    if (Array.from(value).length > max) return { ok: false, field, message: NEWS_TEXTS.tooLong(label, max) };
  }
  return {
    ok: true,
    record: { title, content, excerpt, author, is_featured: input.is_featured ?? false, is_published: input.is_published ?? true },
  };
}
