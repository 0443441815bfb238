/** Spec texts of the signed-in pages (spec section 2: Dashboard, Downloads, Help, Contact, Migration Guide). */
export const PORTAL_TEXTS = {
  dashboard: {
    welcome: (email: string) => `Welcome back, ${email}!`,
    subtitle: "Here's what's available for you today.",
    availableFiles: 'Available Files',
    yourDownloads: 'Your Downloads',
    newThisWeek: 'New This Week',
    availableDownloads: 'Available Downloads',
    moreNews: 'More News',
    viewAllNews: 'View All News',
    openLibrary: 'Open the Downloads library',
  },
  downloads: {
    title: 'Downloads',
    subtitle: 'Access and download your available files.',
    empty: 'No files found',
    emptyNone: 'No files are available for download at this time',
  },
  productDownload: {
    title: (product: string) => `Download ${product}`,
    installer: 'Windows installer v1.0.20. macOS is coming; Linux maybe.',
    instructions: 'Unzip the download and run the .exe installer.',
  },
  help: {
    title: 'Help',
    sections: [
      { id: 'getting-started', title: 'Getting Started', content: 'Installation, running the app and configuration.' },
      { id: 'usage', title: 'Usage', content: 'Solving a question, the overlay and supported languages.' },
      { id: 'troubleshooting', title: 'Troubleshooting', content: 'App not starting, overlay not appearing, incorrect answers.' },
    ],
  },
  contact: { title: 'Contact', email: 'Email', phone: 'Phone', office: 'Office' },
  migrationGuide: {
    title: 'Self-hosting Migration Guide',
    subtitle: 'Project structure, schema, settings and deployment of a self-hosted copy.',
  },
} as const;
