import { NEWS_TEXTS } from '@solvr/contracts';

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
  content: 'Content (HTML)',
  contentHint:
    'Paragraphs, headings, bold, italic, links, lists, images and tables. Give every image alt text that says what it shows (alt="" if it is only decoration). Scripts and styles are removed on save.',
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
} as const;
