import { PLATFORM_LABELS, type Platform } from '../platforms';
import { CLAIMS, PRODUCT_TEXTS } from './product';

/** A section of the Help accordion: its topics, each a title and a text. */
export interface HelpSection {
  id: string;
  title: string;
  items: ReadonlyArray<{ title: string; text: string }>;
}

/** The code blocks of the Migration Guide, in the order the spec lists them, then how to point an SDK app at this server. */
export const MIGRATION_GUIDE_BLOCKS = ['structure', 'schema', 'environment', 'backend', 'container', 'webServer', 'deploy', 'sdk'] as const;
export type MigrationGuideBlockId = (typeof MIGRATION_GUIDE_BLOCKS)[number];

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
    /** The library's desktop-app entry: one per channel's current version, linking to the download page. */
    desktopApp: (product: string) => `${product} desktop app`,
    desktopAppEntry: (product: string, channel: string) => `${product} ${channel}`,
    platformsOf: 'Platforms',
    openDownloadPage: 'Go to the download page',
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
    /** How to install a download, by its type; spec section 2's text for the Windows zip. */
    installSteps: (fileName: string, platform: Platform): string => {
      const name = fileName.toLowerCase();
      if (name.endsWith('.exe') || name.endsWith('.msi')) return 'Run the installer and follow its steps.';
      if (name.endsWith('.dmg')) return 'Open the .dmg and drag the app to your Applications folder.';
      if (name.endsWith('.pkg')) return 'Open the .pkg and follow the installer.';
      if (name.endsWith('.appimage')) return 'Make the AppImage executable (chmod +x, or Properties > Permissions) and run it.';
      if (name.endsWith('.deb')) return 'Install the .deb with your package manager, for example: sudo apt install ./' + fileName;
      if (name.endsWith('.rpm')) return 'Install the .rpm with your package manager, for example: sudo dnf install ./' + fileName;
      if (platform === 'macos') return 'Unzip the download and move the app to your Applications folder.';
      if (platform === 'linux') return 'Unzip the download and run the app from the folder.';
      return 'Unzip the download and run the .exe installer.';
    },
    platform: 'Platform',
    loadFailed: 'Could not load the installers. Please try again.',
    notifyFailed: 'Could not save your request. Please try again.',
  },
  /**
   * Spec section 2, "Help": an accordion with Getting Started (installation, running the app, configuration), Usage
   * (solving a question, overlay, supported languages) and Troubleshooting (app not starting, overlay not appearing,
   * incorrect answers); the hotkey list and the answer time (about 20 seconds here) are in spec section 1.
   */
  help: {
    title: 'Help',
    intro: (product: string) =>
      `${product} turns a screenshot of a coding question into an optimized solution in ${CLAIMS.answerTimeHelp}. It has helped candidates through ${CLAIMS.interviewsHelp} interviews.`,
    answerTime: `Answers arrive in ${CLAIMS.answerTimeHelp}.`,
    topics: 'Topics',
    sections: [
      {
        id: 'getting-started',
        title: 'Getting Started',
        items: [
          { title: 'Installation', text: `Download the installer from your Dashboard, unzip the download and run the .exe installer. ${PRODUCT_TEXTS.platforms}` },
          { title: 'Running the app', text: 'Start the app after installing it. It waits in the background: the hotkeys below work while your interview runs in another window.' },
          { title: 'Configuration', text: `Choose your programming language before the interview. ${PRODUCT_TEXTS.selectedLanguageOnly} Set the overlay's transparency and window size with the hotkeys.` },
        ],
      },
      {
        id: 'usage',
        title: 'Usage',
        items: [
          { title: 'Solving a question', text: `${PRODUCT_TEXTS.workflow} The answer arrives in ${CLAIMS.answerTimeHelp}. ${PRODUCT_TEXTS.explanation}` },
          { title: 'Overlay', text: `${PRODUCT_TEXTS.overlay} ${PRODUCT_TEXTS.copyAndComments}` },
          { title: 'Supported languages', text: `${PRODUCT_TEXTS.languages}. ${PRODUCT_TEXTS.selectedLanguageOnly}` },
        ],
      },
      {
        id: 'troubleshooting',
        title: 'Troubleshooting',
        items: [
          { title: 'App not starting', text: `Install the latest version from your Dashboard and start it again. If it still does not start, contact us. ${PRODUCT_TEXTS.reportIssue}` },
          { title: 'Overlay not appearing', text: 'Press the reset hotkey, then raise the window size and lower the transparency with their hotkeys.' },
          { title: 'Incorrect answers', text: `Take the screenshot again so it shows the whole question, check the selected language and press solve or debug again. ${PRODUCT_TEXTS.reportIssue}` },
        ],
      },
    ] as readonly HelpSection[],
    hotkeys: 'Hotkeys',
    hotkeysIntro: 'The desktop app answers to these hotkeys:',
    hotkeyList: PRODUCT_TEXTS.hotkeys,
    goodToKnow: 'Good to know',
    notes: [PRODUCT_TEXTS.platforms, PRODUCT_TEXTS.systemDesign, PRODUCT_TEXTS.reportIssue] as readonly string[],
  },
  contact: { title: 'Contact', email: 'Email', phone: 'Phone', office: 'Office' },
  /**
   * Spec section 2, "Self-hosting Migration Guide": copyable code blocks (project structure, SQL schema, environment
   * settings, backend package and entry point, container setup, web-server configuration, deploy command). The code
   * is this repository's own, generated by tools/migration-guide/generate.mjs.
   */
  migrationGuide: {
    title: 'Self-hosting Migration Guide',
    subtitle: "Project structure, schema, settings and deployment of a self-hosted copy, and how an app written for the hosted platform's SDK talks to it.",
    source: (paths: string) => `From ${paths}`,
    copyLabel: (title: string) => `Copy ${title}`,
    codeLabel: (title: string) => `${title} code`,
    blocks: {
      structure: 'Project structure',
      schema: 'SQL schema',
      environment: 'Environment settings',
      backend: 'Backend package and entry point',
      container: 'Container setup',
      webServer: 'Web-server configuration',
      deploy: 'Deploy command',
      sdk: 'Point an SDK app at this server',
    } as Record<MigrationGuideBlockId, string>,
  },
} as const;
