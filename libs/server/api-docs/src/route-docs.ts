import { FEED_FILES, PLATFORM_BULK_MAX, PLATFORM_ENTITIES, PLATFORM_FILTER_OPERATORS, PLATFORM_FUNCTIONS, PLATFORM_INTEGRATIONS, PLATFORM_LIST_LIMIT, UPLOAD_FIELDS, UPLOAD_FILE_FIELD } from '@solvr/contracts';

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type JsonSchema = { [keyword: string]: unknown };
/** A type of libs/contracts by name ('FileView'), a list of one ('FileView[]'), or a schema written out. */
export type SchemaSpec = string | JsonSchema;

export interface Answer {
  status: number;
  description: string;
  /** An application/json body. */
  json?: SchemaSpec;
  /** Bodies of other media types. */
  content?: Record<string, JsonSchema>;
  /** Response headers worth knowing, by name. */
  headers?: Record<string, string>;
}

/**
 * Who may call, beyond the access guard's policy (public / signed-in / role): the refresh cookie, a signed link and
 * its holder cookie, the platform layer's callers (anonymous, a user's token or the service token), Stripe's signature.
 */
export type ExtraAuth = 'refreshCookie' | 'signedLink' | 'platform' | 'stripe' | 'deployToken';

export interface RouteDoc {
  summary: string;
  description?: string;
  auth?: ExtraAuth;
  /** Query parameters by name; those the handler reads by name are listed without this too. */
  query?: Record<string, string | { description: string; required?: boolean; schema?: JsonSchema }>;
  /** The body, where the handler takes no validated class (a DTO's schema comes from its decorators). */
  body?: { json?: SchemaSpec; multipart?: JsonSchema; description?: string; required?: boolean };
  /** The success answers (2xx, 3xx). */
  answers: Answer[];
  /** Error statuses besides those the policy, a validated body and a path parameter imply (401/403, 400, 404). */
  errors?: number[];
}

const text = (contentType: string, description?: string): Record<string, JsonSchema> => ({ [contentType]: { type: 'string', ...(description ? { description } : {}) } });
const binary: Record<string, JsonSchema> = { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } };
const ok = (json: SchemaSpec, description = 'OK'): Answer[] => [{ status: 200, description, json }];
const created = (json: SchemaSpec, description = 'Created'): Answer[] => [{ status: 201, description, json }];
const noContent = (description = 'Done; no body'): Answer[] => [{ status: 204, description }];
const redirect = (description: string): Answer => ({ status: 302, description, headers: { Location: 'Where the browser goes next' } });
const REFRESH_SET = { 'Set-Cookie': 'solvr_refresh: the new refresh token (httpOnly, path /api/auth, 30 days)' };
const HOLDER_SET = { 'Set-Cookie': 'solvr_download: binds the link to this browser (httpOnly)' };
const page = { page: 'Page number, from 1', limit: 'Items per page' };
const STORED_FILE: Answer[] = [
  { status: 200, description: 'The bytes, as an attachment (Accept-Ranges, ETag, Last-Modified)', content: binary },
  { status: 206, description: 'The requested byte range (Range, If-Range)', content: binary },
  redirect('With S3 storage: a presigned link to the object'),
  { status: 304, description: 'If-None-Match names the current ETag' },
  { status: 416, description: 'The range lies outside the file' },
];

const record: JsonSchema = {
  type: 'object',
  description: `A record of one of the entities (${PLATFORM_ENTITIES.join(', ')}): its fields, plus these the server sets.`,
  properties: { id: { type: 'string' }, created_date: { type: 'string' }, updated_date: { type: 'string' }, created_by: { type: ['string', 'null'] } },
  required: ['id', 'created_date', 'updated_date', 'created_by'],
  additionalProperties: true,
};
const fields: JsonSchema = { type: 'object', description: 'Field values of the record', additionalProperties: true };
const tokenGrant = (withUser: boolean): JsonSchema => ({
  type: 'object',
  properties: { access_token: { type: 'string', description: "The site's own access token (15 minutes)" }, ...(withUser ? { user: record } : {}) },
  required: withUser ? ['access_token', 'user'] : ['access_token'],
});
/** Descriptions of the path parameters that mean the same on every route. */
export const PATH_PARAMS: Record<string, string> = {
  appId: 'The APP_ID of this server (default portal); any other answers 404',
  entity: `One of ${PLATFORM_ENTITIES.join(', ')}`,
};
const uploadForm: JsonSchema = {
  type: 'object',
  description: `The fields, then the part "${UPLOAD_FILE_FIELD}" (streamed; at most FILE_MAX_SIZE)`,
  properties: {
    ...Object.fromEntries(UPLOAD_FIELDS.map((f) => [f, { type: 'string' }])),
    allowed_users: { type: 'string', description: 'JSON array of e-mail addresses (access_type specific_users)' },
    [UPLOAD_FILE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' },
  },
  required: ['name', UPLOAD_FILE_FIELD],
};
const csvForm: JsonSchema = { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv', description: 'A header row naming the fields, then one record per row' } }, required: ['file'] };
const signedQuery = { key: 'Stored object', name: 'File name to save as', expires: 'Unix time the link ends', sig: 'Signature' };

/**
 * Every route of the api by method and path as the document writes it ('GET /api/files/{id}'), grouped by tag. The
 * document takes paths, parameters and validated bodies from the controllers, the access policy from their
 * decorators, and the rest from here; apps/api-e2e/src/openapi.e2e.spec.ts fails when a route has no entry.
 */
export const ROUTE_DOCS: Record<string, Record<string, RouteDoc>> = {
  Accounts: {
    'POST /api/auth/signup': {
      summary: 'Sign up with e-mail and password',
      description: 'The same answer whether or not the address is registered; a verification e-mail is sent to a new one.',
      answers: [{ status: 202, description: 'Accepted', json: 'AcceptedResponse' }],
      errors: [403, 415, 429],
    },
    'POST /api/auth/login': {
      summary: 'Sign in',
      description: "Answers a 15-minute access token and sets the refresh cookie. Failed attempts spend the e-mail's throttle budget.",
      answers: [{ status: 200, description: 'Signed in', json: 'AuthResponse', headers: REFRESH_SET }],
      errors: [401, 403, 415, 429],
    },
    'POST /api/auth/refresh': {
      summary: 'Exchange the refresh cookie for a new access token',
      description: 'Rotates the refresh cookie; replaying a rotated one ends the whole session family.',
      auth: 'refreshCookie',
      answers: [{ status: 200, description: 'A new session', json: 'AuthResponse', headers: REFRESH_SET }, { status: 204, description: 'No refresh cookie: no session' }],
      errors: [401, 403],
    },
    'POST /api/auth/logout': { summary: 'Sign out', description: 'Ends the session of the refresh cookie and clears it.', auth: 'refreshCookie', answers: noContent('Signed out'), errors: [403] },
    'POST /api/auth/resend-verification': { summary: 'Send the verification e-mail again', answers: [{ status: 202, description: 'Accepted', json: 'AcceptedResponse' }], errors: [403, 415, 429] },
    'GET /api/auth/verify-email': {
      summary: 'Confirm an e-mail address (the link in the verification e-mail)',
      query: { token: 'The token of the link' },
      answers: [redirect('To the confirmation page, saying whether the link was valid')],
    },
    'POST /api/auth/forgot-password': { summary: 'Ask for a password reset e-mail', answers: [{ status: 202, description: 'Accepted (whether or not the address is registered)', json: 'AcceptedResponse' }], errors: [403, 415, 429] },
    'POST /api/auth/reset-password': { summary: 'Set a new password with the token of a reset e-mail', answers: ok('AcceptedResponse', 'Password changed'), errors: [403, 415, 429] },
    'GET /api/auth/google': {
      summary: 'Start "Continue with Google"',
      query: { returnTo: 'A path on this site to land on afterwards' },
      answers: [redirect("To Google's consent page, or back to the sign-in page when Google sign-in is not configured")],
    },
    'GET /api/auth/google/callback': {
      summary: "Google's redirect back after consent",
      query: { state: 'Must match the state cookie set by /api/auth/google', code: "Google's authorization code" },
      answers: [redirect('Signed in (refresh cookie set): to the return path or Complete Profile; else to the sign-in page with an error')],
      errors: [404],
    },
    'GET /api/users/me': { summary: 'The signed-in account', answers: ok('AccountView') },
    'POST /api/users/me/password': {
      summary: 'Change the password',
      description: 'The current password is needed when the account has one; the other sessions end.',
      answers: [{ status: 200, description: 'Changed: a new session', json: 'PasswordChangedResponse', headers: REFRESH_SET }],
      errors: [403, 415, 429],
    },
    'GET /api/users/me/profile': { summary: "The signed-in user's profile", answers: ok('ProfileView') },
    'PUT /api/users/me/profile': { summary: 'Complete or update the profile', description: 'Field errors come keyed by field in `errors`.', answers: ok('ProfileSaveResponse') },
  },
  Files: {
    'GET /api/files': {
      summary: 'The library: a page of the files the caller may see',
      query: {
        search: 'Text in the name or description (any case)',
        sort: 'newest (default), oldest, name or popular',
        type: 'A type label such as ZIP (GET /api/files/summary lists them in `types`)',
        after: 'The `next` cursor of the previous page (of the same sort)',
        limit: 'Files per page, 1 to 100 (default 48)',
      },
      answers: ok('LibraryPage'),
    },
    'GET /api/files/summary': { summary: "The Dashboard's counts", answers: ok('LibrarySummary') },
    'GET /api/files/{id}': { summary: 'One file of the library', answers: ok('FileView') },
    'POST /api/files/{id}/download': {
      summary: 'Count a download and get a signed link',
      description: 'The link is valid DOWNLOAD_URL_TTL_SECONDS, for this browser only (holder cookie).',
      answers: [{ status: 200, description: 'The link', json: 'DownloadLink', headers: HOLDER_SET }],
      errors: [403],
    },
    'POST /api/files/{id}/checkout': { summary: 'Buy a paid file: a Stripe Checkout link, or `owned`', answers: ok('CheckoutStart'), errors: [400, 503] },
    'GET /api/download': {
      summary: 'Follow a signed download link',
      description: 'The signature is the permission, for the browser holding the cookie the link was made for (a file_url of the platform layer needs none).',
      auth: 'signedLink',
      query: Object.fromEntries(Object.entries(signedQuery).map(([k, d]) => [k, { description: d, required: true }])),
      answers: STORED_FILE,
      errors: [403, 404, 410],
    },
    'GET /api/releases': { summary: 'Available downloads: the latest release per platform and channel', answers: ok('ReleasesOverview') },
    'POST /api/releases/notify': { summary: 'Be told by e-mail when a platform gets its first release', answers: noContent('Subscribed'), errors: [409] },
    'GET /api/releases/{channel}/{feed}': {
      summary: "The desktop app's update feed",
      description: `${Object.values(FEED_FILES).join(', ')} in electron-updater's format, or latest.json (with ?platform=) as JSON.`,
      query: { platform: 'For latest.json: windows, mac or linux (default windows)' },
      answers: [{ status: 200, description: 'The feed', json: 'ReleaseFeed', content: text('text/yaml', "electron-updater's latest*.yml") }],
    },
    'GET /api/releases/history': { summary: 'The release history: every published version with its notes, date, platforms and sizes', answers: ok('ReleaseVersionView[]') },
    'GET /api/updates/{file}': {
      summary: 'One feed base URL for electron-updater (generic provider)',
      description:
        'latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and {channel}.yml, {channel}-mac.yml, ... for `autoUpdater.channel`. ' +
        'The version offered depends on the install: a staged version goes to the installs whose x-user-staging-id falls inside its percentage (stagingPercentage in the feed); pulled versions and drafts go to no one.',
      answers: [{ status: 200, description: 'The feed', content: text('text/yaml', "electron-updater's latest*.yml") }],
    },
    'GET /api/update/{platform}/{version}': {
      summary: "Squirrel.Mac: is there a newer version than the running one?",
      description: 'platform: darwin or darwin_arm64; ?channel= for another channel. Fully rolled-out versions only.',
      query: { channel: 'stable (default) or another channel' },
      answers: [
        { status: 200, description: 'An update: { url, name, notes, pub_date } with the zip to download', json: { type: 'object', properties: { url: { type: 'string' }, name: { type: 'string' }, notes: { type: 'string' }, pub_date: { type: 'string' } }, required: ['url', 'name', 'notes', 'pub_date'] } },
        { status: 204, description: 'Up to date' },
      ],
    },
    'GET /api/update/win32/{version}/RELEASES': {
      summary: "Squirrel.Windows' RELEASES of the newest version, its packages named by their download URLs",
      query: { channel: 'stable (default) or another channel' },
      answers: [{ status: 200, description: 'RELEASES', content: text('text/plain') }],
    },
    'POST /api/releases/publish': {
      summary: 'Publish a version from CI with a deploy token (Authorization: Bearer solvr_deploy_...), or from the admin console',
      description: 'multipart/form-data: the fields version, channel (default stable), notes, draft (true keeps it from everyone but admins until an admin publishes it) and block_map_sizes (a JSON object of AppImage file names to the blockMapSize latest-linux.yml gives), then every file of the release: installers, update packages, their .blockmap files, Squirrel\'s RELEASES and .nupkg.',
      auth: 'deployToken',
      body: {
        multipart: {
          type: 'object',
          properties: { version: { type: 'string' }, channel: { type: 'string' }, notes: { type: 'string' }, draft: { type: 'string', enum: ['true', 'false'] }, block_map_sizes: { type: 'string' }, file: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
          required: ['version', 'file'],
        },
      },
      answers: created('PublishedRelease', 'Published (or kept as a draft)'),
      errors: [400, 401, 413, 415],
    },
    'GET /downloads/{name}': {
      summary: 'A release file by name (the newest with that name whose version is published)',
      description: "Counted once per download (not per resumed range). A draft's or pulled version's files answer 404, also for a download resumed after the pull.",
      answers: STORED_FILE,
    },
  },
  'Admin: releases': {
    'GET /api/admin/releases': { summary: 'Every version of every channel, drafts and pulled ones included, with its rollout', answers: ok('ReleaseVersionView[]') },
    'GET /api/admin/releases/files/{id}': {
      summary: 'Any release file, whatever its version\'s state (a draft to try before publishing it)',
      answers: STORED_FILE,
    },
    'GET /api/admin/releases/activity': {
      summary: 'Downloads and update checks per version and platform, per day',
      query: { days: 'How many days back, today included: 1 to 365 (default 30)' },
      answers: ok('ReleaseActivity[]'),
    },
    'PATCH /api/admin/releases/{id}': {
      summary: 'Publish a draft, stage a version (1-100 %), pause or resume its rollout, pull it or put it back, edit its notes',
      answers: ok({ type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }),
    },
    'GET /api/admin/release-channels': { summary: 'Release channels: stable, beta and the ones added', answers: ok({ type: 'array', items: { type: 'string' } }) },
    'POST /api/admin/release-channels': {
      summary: 'Add a release channel (its feed files are {channel}.yml, {channel}-mac.yml, ...)',
      answers: created({ type: 'array', items: { type: 'string' } }, 'Every channel, the new one included'),
      errors: [409],
    },
    'GET /api/admin/deploy-tokens': { summary: 'Deploy tokens (never the tokens themselves)', answers: ok('DeployTokenView[]') },
    'POST /api/admin/deploy-tokens': { summary: 'Create a deploy token: the token is in this answer only', answers: created('DeployTokenCreated') },
    'DELETE /api/admin/deploy-tokens/{id}': { summary: 'Revoke a deploy token', answers: ok('DeployTokenView') },
  },
  'Admin: files': {
    'GET /api/admin/files': { summary: 'Every file, with its allowed users', answers: ok('AdminFileView[]') },
    'GET /api/admin/files/stats': { summary: 'Total files, total downloads and downloads per day', answers: ok('AdminFileStats') },
    'GET /api/admin/files/limits': { summary: 'The largest upload', answers: ok('UploadLimits') },
    'POST /api/admin/files': {
      summary: 'Upload a file',
      body: { multipart: uploadForm },
      answers: created('AdminFileView', 'Uploaded'),
      errors: [400, 409, 413, 415],
    },
    'PATCH /api/admin/files/{id}': { summary: 'Activate or deactivate a file', answers: ok('AdminFileView') },
    'DELETE /api/admin/files/{id}': { summary: 'Delete a file and its stored bytes', answers: noContent('Deleted') },
    'GET /api/admin/files/{id}/url': { summary: 'A signed link to view a file (not counted)', answers: [{ status: 200, description: 'The link', json: 'DownloadLink', headers: HOLDER_SET }] },
  },
  Payments: {
    'POST /api/payments/webhook': {
      summary: "Stripe's events (checkout completed, async payment succeeded, charge refunded)",
      auth: 'stripe',
      body: { json: { type: 'object', description: 'A Stripe event, checked against Stripe-Signature' } },
      answers: ok({ type: 'object', properties: { received: { const: true } }, required: ['received'] }, 'Recorded'),
      errors: [400],
    },
    'GET /api/payments/sessions/{sessionId}': { summary: "A checkout's outcome, for its buyer", answers: ok('CheckoutStatus'), errors: [400, 503] },
    'GET /api/admin/payments/revenue': { summary: 'Revenue and purchase counts', answers: ok('RevenueSummary') },
    'GET /api/admin/payments/files/{fileId}': { summary: "A file's purchases", answers: ok('FilePurchases') },
  },
  News: {
    'GET /api/news': { summary: 'Published posts, newest first', query: page, answers: ok('NewsList') },
    'GET /api/news/{ref}': { summary: 'A published post by slug or id', answers: ok('NewsView') },
    'GET /rss.xml': { summary: 'News feed (RSS 2.0)', answers: [{ status: 200, description: 'The feed', content: text('application/rss+xml') }] },
    'GET /atom.xml': { summary: 'News feed (Atom)', answers: [{ status: 200, description: 'The feed', content: text('application/atom+xml') }] },
    'GET /sitemap.xml': { summary: 'Sitemap of the public pages and posts', answers: [{ status: 200, description: 'The sitemap', content: text('application/xml') }] },
    'GET /robots.txt': { summary: 'robots.txt', answers: [{ status: 200, description: 'The rules', content: text('text/plain') }] },
  },
  'Admin: news': {
    'GET /api/admin/news': { summary: 'Every post, drafts included', query: page, answers: ok('NewsList') },
    'GET /api/admin/news/{id}': { summary: 'One post', answers: ok('NewsView') },
    'POST /api/admin/news': { summary: 'Write a post', answers: created('NewsView') },
    'PUT /api/admin/news/{id}': { summary: 'Edit a post', answers: ok('NewsView') },
    'PATCH /api/admin/news/{id}': { summary: 'Publish, unpublish, feature a post', answers: ok('NewsView') },
    'DELETE /api/admin/news/{id}': { summary: 'Delete a post', answers: noContent('Deleted') },
  },
  Mail: {
    'POST /api/contact': { summary: 'Send the Contact form to support', answers: noContent('Sent') },
    'GET /api/mail/subscription': { summary: 'Whether the account of an unsubscribe link gets bulk e-mail', query: { token: { description: 'The token of the link', required: true } }, answers: ok('SubscriptionView'), errors: [400] },
    'POST /api/mail/unsubscribe': { summary: 'Stop bulk e-mail (one-click unsubscribe)', query: { token: { description: 'The token of the link', required: true } }, answers: ok('SubscriptionView'), errors: [400] },
    'POST /api/mail/subscribe': { summary: 'Get bulk e-mail again', query: { token: { description: 'The token of the link', required: true } }, answers: ok('SubscriptionView'), errors: [400] },
  },
  'Admin: mail': {
    'GET /api/admin/mail/recipients': { summary: 'Users who can be e-mailed, matching a search', query: { q: 'Search text', offset: 'Rows to skip', limit: 'Rows to answer' }, answers: ok('MailRecipientPage') },
    'GET /api/admin/mail/recipients/ids': { summary: 'The ids of every matching recipient (select all)', query: { q: 'Search text' }, answers: ok('MailRecipientIds') },
    'POST /api/admin/mail/preview': { summary: 'The e-mail a campaign would send', answers: ok('CampaignPreview') },
    'POST /api/admin/mail/campaigns': { summary: 'Send a campaign', description: 'The worker fans it out 500 messages at a time.', answers: created('CampaignCreated') },
    'GET /api/admin/mail/campaigns': { summary: 'Recent campaigns and their progress', answers: ok('CampaignView[]') },
    'GET /api/admin/mail/campaigns/{id}': { summary: 'A campaign and its failures', answers: ok('CampaignDetail') },
    'POST /api/admin/mail/campaigns/{id}/retry': { summary: "Send a campaign's failed messages again", answers: ok('CampaignDetail') },
    'POST /api/admin/mail/test': { summary: 'Send a test e-mail', answers: ok('TestMailResult') },
    'GET /api/admin/mail/segments': { summary: 'The segments a campaign can go to, with their options', answers: ok('MailSegmentChoice[]') },
    'POST /api/admin/mail/audience': { summary: 'How many a campaign would reach, and whom it leaves out and why', description: 'Counted in SQL, never listed.', answers: ok('MailAudienceCount'), errors: [400] },
    'POST /api/admin/mail/campaigns/test': { summary: 'Send the composed campaign to the signed-in admin only', answers: ok('TestMailResult'), errors: [400, 503] },
    'GET /api/admin/saved-searches': { summary: 'Saved searches of the Users tab', answers: ok('SavedUserSearch[]') },
    'POST /api/admin/saved-searches': { summary: 'Save a search of the Users tab under a name', answers: created('SavedUserSearch'), errors: [400] },
    'DELETE /api/admin/saved-searches/{id}': { summary: 'Delete a saved search', answers: noContent('Deleted') },
  },
  'Admin: users': {
    'GET /api/admin/summary': { summary: 'Account counts', answers: ok('AdminSummary') },
    'GET /api/admin/users': {
      summary: 'Users, 50 at a time, sorted by a column (newest first by default)',
      query: {
        q: 'Search text (name, e-mail, company)',
        sort: 'name, email, company, role, downloads, joined, last_login or status',
        dir: 'asc or desc',
        after: 'The `next` cursor of the previous page (of the same sort)',
      },
      answers: ok('AdminUserPage'),
    },
    'GET /api/admin/users/export.csv': {
      summary: 'Every matching user as CSV, in the list order',
      query: { q: 'Search text', sort: 'As for the list', dir: 'asc or desc' },
      answers: [{ status: 200, description: 'users.csv (an attachment)', content: text('text/csv') }],
    },
    'GET /api/admin/users/{id}': { summary: "A user's details (the admin's user panel)", answers: ok('AdminUserDetail') },
    'GET /api/admin/users/{id}/downloads': { summary: "A user's downloads, newest first", answers: ok('AdminUserDownloads') },
    'GET /api/admin/users/{id}/purchases': { summary: "A user's purchases, newest first", answers: ok('AdminUserPurchases') },
    'GET /api/admin/users/signups': { summary: 'Sign-ups per day', answers: ok('DailyCount[]') },
    'GET /api/admin/users/pick': { summary: 'Users for a picker (an upload for specific users)', query: { q: 'Search text' }, answers: ok('UserPick[]') },
    'PATCH /api/admin/users/{id}/role': { summary: "Change a user's role", answers: ok('AdminUserView') },
    'GET /api/admin/audit': {
      summary: 'The audit log, newest first',
      query: { action: 'Only this action', actor: "Only this admin's entries", user: 'Only entries by or about this user (an id; 404 if unknown)', after: 'The `next` cursor of the previous page' },
      answers: ok('AuditPage'),
    },
  },
  Site: {
    'GET /api/public-config': { summary: 'What the web needs before sign-in: brand texts, sign-in options', answers: ok('PublicConfig') },
    'GET /api/health': {
      summary: 'Readiness: each part (database, queue, storage, mail) and its driver',
      description: 'Only admins see the error text of a part that is down.',
      answers: ok('HealthReport', 'Every part is up'),
      errors: [503],
    },
    'GET /api/health/live': { summary: 'Liveness: the process answers', answers: ok({ type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] }) },
    'GET /api/openapi.json': { summary: 'This document (OpenAPI 3.1)', answers: ok({ type: 'object', description: 'An OpenAPI 3.1 document' }) },
    'GET /api/docs': { summary: 'The API reference page (Swagger UI)', answers: [{ status: 200, description: 'The page', content: text('text/html') }] },
    'GET /api/docs/{asset}': {
      summary: "The reference page's script and styles",
      answers: [{ status: 200, description: 'The file', content: { 'text/javascript': { type: 'string' }, 'text/css': { type: 'string' } } }, { status: 304, description: 'If-None-Match names the current ETag' }],
    },
  },
  Platform: {
    'POST /api/apps/{appId}/auth/login': {
      summary: "Sign in (the SDK's auth.loginViaEmailPassword)",
      auth: 'platform',
      answers: ok(tokenGrant(true), 'Signed in'),
      errors: [429],
    },
    'GET /api/apps/{appId}/auth/sso/accesstoken/{userid}': { summary: 'An access token for a user (service role only)', auth: 'platform', answers: ok(tokenGrant(false)) },
    'GET /api/apps/{appId}/entities/User/me': { summary: "The caller's User record", auth: 'platform', answers: ok(record) },
    'PUT /api/apps/{appId}/entities/User/me': { summary: "Update the caller's User record", auth: 'platform', body: { json: fields, required: true }, answers: ok(record), errors: [400] },
    'GET /api/apps/{appId}/entities/{entity}': {
      summary: 'List or filter records',
      description: `Anonymous callers see what is public; the entity's rules decide the rest. Filter operators: ${PLATFORM_FILTER_OPERATORS.join(' ')}, $and, $or.`,
      auth: 'platform',
      query: {
        q: 'Filter, a JSON object (MongoDB style), e.g. {"is_published":true}',
        sort: 'Field, -field descending; several comma-separated (default -created_date)',
        limit: `1 to ${PLATFORM_LIST_LIMIT} (default ${PLATFORM_LIST_LIMIT})`,
        skip: 'Records to skip',
        fields: 'Fields to answer with, comma-separated',
      },
      answers: ok({ type: 'array', items: record }),
      errors: [400],
    },
    'GET /api/apps/{appId}/entities/{entity}/{id}': { summary: 'One record', auth: 'platform', answers: ok(record) },
    'POST /api/apps/{appId}/entities/{entity}': { summary: 'Create a record', auth: 'platform', body: { json: fields, required: true }, answers: created(record), errors: [400, 405] },
    'POST /api/apps/{appId}/entities/{entity}/bulk': {
      summary: `Create up to ${PLATFORM_BULK_MAX} records`,
      auth: 'platform',
      body: { json: { type: 'array', items: fields, maxItems: PLATFORM_BULK_MAX }, required: true },
      answers: created({ type: 'array', items: record }),
      errors: [400, 405],
    },
    'POST /api/apps/{appId}/entities/{entity}/import': {
      summary: 'Create records from a CSV',
      auth: 'platform',
      body: { multipart: csvForm },
      answers: created({ type: 'object', properties: { status: { const: 'success' }, details: { type: 'string' }, output: { type: 'array', items: record } }, required: ['status', 'details', 'output'] }),
      errors: [400, 405, 413, 415],
    },
    'PUT /api/apps/{appId}/entities/{entity}/{id}': { summary: 'Update a record', auth: 'platform', body: { json: fields, required: true }, answers: ok(record), errors: [400, 405] },
    'DELETE /api/apps/{appId}/entities/{entity}/{id}': { summary: 'Delete a record', auth: 'platform', answers: ok(record, 'The deleted record'), errors: [405] },
    'DELETE /api/apps/{appId}/entities/{entity}': {
      summary: 'Delete the records matching a filter',
      auth: 'platform',
      body: { json: { type: 'object', description: 'The filter (as q of a list); an empty one is refused', additionalProperties: true }, required: true },
      answers: ok({ type: 'object', additionalProperties: true, description: 'How many records were deleted' }),
      errors: [400, 405],
    },
    'GET /api/apps/{appId}/files/{id}/download': {
      summary: "A File record's file_url: the bytes, for the caller it was signed for",
      auth: 'platform',
      query: { expires: 'Unix time the link ends', sig: 'Signature' },
      answers: STORED_FILE,
      errors: [410],
    },
    'POST /api/apps/{appId}/functions/{name}': {
      summary: `Call a named server function (${PLATFORM_FUNCTIONS.join(', ')})`,
      auth: 'platform',
      body: { json: { type: 'object', description: 'Named parameters', additionalProperties: true }, required: true },
      answers: ok({ type: 'object', additionalProperties: true, description: "The function's answer" }),
      errors: [400],
    },
    'POST /api/apps/{appId}/integration-endpoints/Core/{name}': {
      summary: `Call a core integration (${PLATFORM_INTEGRATIONS.join(', ')})`,
      description: 'SendEmail takes {to, subject, body, from_name?} as JSON; UploadFile (admins) a multipart form with the part "file" and answers {file_url}.',
      auth: 'platform',
      body: { json: { type: 'object', description: 'Named parameters', additionalProperties: true }, multipart: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } }, required: true },
      answers: ok({ type: 'object', additionalProperties: true, description: "The integration's answer" }),
      errors: [400, 413],
    },
    'POST /api/apps/{appId}/integration-endpoints/installable/{pkg}/integration-endpoints/{name}': {
      summary: 'Installable integrations: none on this server (always 404)',
      auth: 'platform',
      answers: [],
    },
  },
};
