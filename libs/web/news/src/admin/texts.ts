import { NEWS_TEXTS } from '@solvr/contracts';

/** The content editor's toolbar, dialogs and notes (issue 29). Shortcuts as the toolbar names them (Ctrl on Windows and Linux, ⌘ on a Mac). */
export const NEWS_EDITOR_TEXTS = {
  loading: 'Loading the editor...',
  loadFailed: 'The editor could not be loaded. Reload the page to try again.',
  toolbar: 'Formatting',
  paragraph: 'Paragraph',
  heading: (level: number) => `Heading ${level}`,
  bold: 'Bold',
  italic: 'Italic',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  quote: 'Quote',
  code: 'Inline code',
  codeBlock: 'Code block',
  link: 'Link',
  image: 'Image',
  video: 'Video',
  undo: 'Undo',
  redo: 'Redo',
  html: 'Edit as HTML',
  htmlLabel: 'Content (HTML)',
  /** A post with markup the visual editor would drop opens as HTML. */
  htmlOnly: (tags: string[]) =>
    `This post uses markup the visual editor cannot keep (${tags.map((t) => `<${t}>`).join(', ')}), so it is edited as HTML. Remove that markup to use the visual editor.`,
  imagesWithoutAlt: (count: number) =>
    `${count === 1 ? 'An image has' : `${count} images have`} no alt text: select ${count === 1 ? 'it' : 'each'} and press Image to describe it.`,
  // The dialogs
  linkTitle: 'Link',
  linkUrl: 'Address',
  linkUrlHint: 'A web address (https://...), an e-mail address (mailto:...) or a page of this site (/NewsPage).',
  linkText: 'Text',
  linkTextHint: 'The words that show as the link.',
  linkUrlInvalid: 'Enter an address that starts with https://, http:// or mailto:, or a path such as /NewsPage.',
  linkTextRequired: 'Enter the text of the link.',
  removeLink: 'Remove link',
  imageTitle: 'Image',
  imageUrl: 'Image address',
  imageUrlHint: 'An https:// address of the image.',
  imageUrlInvalid: 'Enter the image address, starting with https://.',
  imageAlt: 'Alt text',
  imageAltHint: 'What the image shows, for people who cannot see it.',
  imageAltRequired: 'Describe the image, or mark it as decoration.',
  imageDecorative: 'Decoration only (no alt text needed)',
  videoTitle: 'Video',
  videoUrl: 'Video address',
  videoUrlHint: 'A YouTube or Vimeo address (youtube.com/watch?v=..., youtu.be/..., vimeo.com/...).',
  videoUrlInvalid: 'Enter a YouTube or Vimeo address: only videos from youtube-nocookie.com, youtube.com and player.vimeo.com are kept.',
  videoName: 'Video title',
  videoNameHint: 'Names the player for screen readers.',
  videoNameRequired: 'Enter a title for the video.',
  insert: 'Insert',
  apply: 'Apply',
  cancel: 'Cancel',
} as const;

/**
 * Texts of the admin News tab. The spec's own are NEWS_TEXTS (verbatim, in @solvr/contracts); these are ours, for
 * the labels the spec does not word.
 */
export const NEWS_ADMIN_TEXTS = {
  // The spec's (never overridden below: a test reads the success texts through this object).
  ...NEWS_TEXTS,
  title: 'Title',
  excerpt: 'Excerpt',
  excerptHint: 'Optional. Lists show it; without one they show the start of the content.',
  content: 'Content',
  contentHint:
    'Headings, bold, italic, lists, links, images, code and videos. Give every image alt text that says what it shows (or mark it as decoration). Alt+F10 moves to the toolbar; pasted text keeps its headings, lists and links, not its styles.',
  preview: 'Preview',
  previewFrame: 'Preview of the content',
  author: 'Author',
  authorHint: 'Empty: the team name.',
  featuredLabel: 'Featured',
  publishedLabel: 'Published',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  editButton: 'Edit',
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  editLabel: (title: string) => `Edit "${title}"`,
  deleteLabel: (title: string) => `Delete "${title}"`,
  publishLabel: (title: string) => `Published: ${title}`,
  posts: 'News posts',
  pagesLabel: 'News post pages',
  toggleFailed: 'Could not change the post. Please try again.',
  deleteFailed: 'Could not delete the post. Please try again.',
  editor: NEWS_EDITOR_TEXTS,
} as const;
