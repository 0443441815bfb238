import { PLATFORM_LABELS, type Platform } from '../releases';

/** A count as the site writes it: en-US grouping ("1,987"). */
const count = (n: number) => n.toLocaleString('en-US');

/** The fixed items of the Dashboard's More News sidebar (spec section 2); the news module replaces them. */
export interface DashboardNewsItem {
  /** As the spec shows it ("Jul 26"). */
  date: string;
  /** ISO date for the <time> element. */
  dateTime: string;
  title: string;
  excerpt: string;
  featured: boolean;
}

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
    /** Spec section 2: a launch announcement dated Aug 5, 2025 (fixed text until the news module). */
    latestUpdate: {
      heading: 'Latest Update',
      date: 'Aug 5, 2025',
      dateTime: '2025-08-05',
      title: (product: string) => `${product} is live`,
      body: (product: string) =>
        `${product} is now available for Windows. Download the installer below, browse your files in the Downloads library and follow the news here for what comes next.`,
    },
    news: [
      {
        date: 'Jul 26',
        dateTime: '2025-07-26',
        title: 'New Dashboard Features',
        excerpt: 'Your files, your downloads and the latest news, all in one place.',
        featured: false,
      },
      {
        date: 'Jul 11',
        dateTime: '2025-07-11',
        title: 'System Design Coming Soon',
        excerpt: 'A system-design interview mode is in development, with answers in about 20 seconds.',
        featured: false,
      },
      {
        date: 'Jul 4',
        dateTime: '2025-07-04',
        title: 'Platform Launch',
        excerpt: 'The Windows installer is out. macOS is coming; Linux maybe.',
        featured: true,
      },
    ] as readonly DashboardNewsItem[],
    featured: 'Featured',
    stable: 'Stable',
    beta: 'Beta',
    documentation: 'Documentation',
    /** The link from the Dashboard's downloads to the /{product}Download page. */
    allPlatforms: 'All platforms and checksums',
    noReleases: 'No installer is available yet',
    noReleasesDetail: 'Check back soon: the installer appears here as soon as it is published.',
  },
  downloads: {
    title: 'Downloads',
    subtitle: 'Access and download your available files.',
    empty: 'No files found',
    emptyFiltered: 'Try adjusting your search or filters',
    emptyNone: 'No files are available for download at this time',
    totalFiles: 'Total Files',
    yourDownloads: 'Your Downloads',
    mostPopular: 'Most Popular',
    newThisWeek: 'New This Week',
    noneYet: 'None yet',
    searchLabel: 'Search files',
    searchPlaceholder: 'Search files by name or description...',
    sortLabel: 'Sort by',
    sortNewest: 'Newest First',
    sortOldest: 'Oldest First',
    sortName: 'Name A-Z',
    sortPopular: 'Most Downloaded',
    typeLabel: 'File type',
    allTypes: 'All Types',
    /** The (visually hidden) heading of the list of file cards. */
    listHeading: 'Files',
    loading: 'Loading files...',
    loadFailed: 'Could not load your files. Please try again.',
    retry: 'Try again',
    showing: (shown: number, total: number) => `Showing ${count(shown)} of ${count(total)} ${total === 1 ? 'file' : 'files'}`,
    showMore: 'Show more',
    download: 'Download',
    buy: (price: string) => `Buy ${price}`,
    added: (date: string) => `Added ${date}`,
    /** The Buy button until payments open (a later issue replaces it with the checkout). */
    buyClosed: 'Purchases are not open yet.',
    buyClosedDetail: (name: string) => `${name} can be bought as soon as payments open.`,
  },
  /** Shared by the file cards, the Dashboard's downloads and the installer page (SHA-256 and Release notes: RELEASE_TEXTS). */
  files: {
    downloads: (n: number) => `${count(n)} ${n === 1 ? 'download' : 'downloads'}`,
    version: (version: string) => `v${version}`,
    copy: 'Copy',
    copied: 'Copied to clipboard!',
    copyFailed: 'Copy failed: select the text and copy it yourself.',
    size: 'Size',
    downloadCount: 'Downloads',
    released: 'Released',
    versionLabel: 'Version',
    type: 'Type',
  },
  productDownload: {
    title: (product: string) => `Download ${product}`,
    /** One platform's line of the summary ("Windows installer v1.0.20."); platforms without a release say RELEASE_TEXTS.comingSoon. */
    installer: (platform: Platform, version: string) => `${PLATFORM_LABELS[platform]} installer v${version}.`,
    /** Spec section 2, Dashboard: unzip and run the .exe installer. */
    instructions: 'Unzip the download and run the .exe installer.',
    instructionsFor: {
      windows: 'Unzip the download and run the .exe installer.',
      macos: 'Unzip the download and move the app to your Applications folder.',
      linux: 'Unzip the download and run the app from the folder.',
    } as Record<Platform, string>,
    platform: 'Platform',
    loadFailed: 'Could not load the installers. Please try again.',
    notifyFailed: 'Could not save your request. Please try again.',
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
