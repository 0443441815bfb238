/**
 * The platform layer (spec section 7): the hosted platform's contract, served under /api/apps/{appId}/ so an app
 * written against its JavaScript SDK (`@base44/sdk`) runs on this server by changing its serverUrl.
 */

/** The entities bound by the original app (spec section 7), in the spec's order. */
export const PLATFORM_ENTITIES = ['File', 'News', 'Purchase', 'User'] as const;
export type PlatformEntity = (typeof PLATFORM_ENTITIES)[number];

/** Core integrations served (POST /apps/{appId}/integration-endpoints/Core/{name}). */
export const PLATFORM_INTEGRATIONS = ['SendEmail', 'UploadFile'] as const;

/** Named server functions (POST /apps/{appId}/functions/{name}): spec section 7's profile-complete check and profile update. */
export const PLATFORM_FUNCTIONS = ['checkProfileComplete', 'updateProfile'] as const;

/** The filter operators `q` may use (MongoDB style); anything else answers 400. */
export const PLATFORM_FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists'] as const;
/** Operators that combine filters, at the root of `q` or inside each other. */
export const PLATFORM_FILTER_COMBINATORS = ['$and', '$or'] as const;

/** Default and largest `limit` of a list (the SDK's documented default and cap). */
export const PLATFORM_LIST_LIMIT = 5000;
/**
 * Most values one filter may bind as query parameters, all its conditions and lists together: well under SQLite's
 * 32,766 bound parameters (MariaDB's prepared statements allow 65,535), with room for the server's own conditions.
 */
export const PLATFORM_FILTER_MAX_VALUES = 10_000;
/** Largest bulk create or CSV import, in records. */
export const PLATFORM_BULK_MAX = 500;

/** The machine-readable `code` of a platform error (the SDK's error carries it next to message and status). */
export const PLATFORM_ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_supported',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
} as const;

/** What the platform layer answers with. Ours: the spec gives none of these, except where it quotes the SDK. */
export const PLATFORM_TEXTS = {
  unknownApp: (appId: string) => `There is no app "${appId}" on this server.`,
  unknownEntity: (name: string) => `Unknown entity "${name}". This server has ${PLATFORM_ENTITIES.join(', ')}.`,
  recordNotFound: (entity: string) => `${entity} record not found.`,
  adminOnly: (entity: string) => `Only admins can create, change or delete ${entity} records.`,
  purchasesReadOnly: 'Purchases are recorded by the payment flow only: they cannot be created, changed or deleted through this API.',
  accountsNotCreated: 'Accounts are created by signing up (or by an operator with npm run create-admin) and are not created or deleted through this API.',
  ownRoleOnly: 'Only admins can change roles.',
  readOnlyField: (entity: string, field: string) => `${entity}.${field} cannot be set through this API.`,
  unknownRecordField: (entity: string, field: string) => `${entity} has no field "${field}".`,
  badFieldValue: (field: string, expected: string) => `${field} must be ${expected}.`,
  notAnObject: 'The body must be a JSON object of field values.',
  notAList: 'The body must be a JSON array of records.',
  emptyBulk: 'Send at least one record.',
  tooManyRecords: `At most ${PLATFORM_BULK_MAX} records at a time.`,
  inRecord: (index: number, message: string) => `Record ${index + 1}: ${message}`,
  deleteNeedsFilter: 'Say which records to delete: an empty filter would delete them all.',
  // q, sort, limit, skip, fields
  badJson: 'q must be a JSON object, e.g. {"is_published":true}.',
  unsupportedOperator: (op: string) => `Unsupported operator ${op}. Use ${[...PLATFORM_FILTER_OPERATORS, ...PLATFORM_FILTER_COMBINATORS].join(' ')}.`,
  unknownField: (entity: string, field: string) => `${entity} has no field "${field}" that can be filtered or sorted on.`,
  badOperand: (op: string, expected: string) => `${op} needs ${expected}.`,
  badValue: (field: string, expected: string) => `The value for ${field} must be ${expected}.`,
  tooComplex: 'The filter is too complex.',
  tooManyValues: `A filter may hold at most ${PLATFORM_FILTER_MAX_VALUES.toLocaleString('en-US')} values, every value of every list counted. Split it into smaller requests.`,
  badSort: (sort: string) => `Cannot sort by "${sort}".`,
  badLimit: `limit must be a whole number from 1 to ${PLATFORM_LIST_LIMIT}.`,
  badSkip: 'skip must be a whole number from 0.',
  // callers
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Spec section 6: "the service role needs a service token and otherwise raises an error saying a service token is required". */
  serviceTokenRequired: 'Service token is required for this call. Please provide a serviceToken when creating the client and call it through asServiceRole.',
  serviceCallsOff: 'Service token is required for this call, and service calls are turned off on this server (PLATFORM_SERVICE_TOKEN is not set).',
  // integrations and functions
  /** Spec section 5, 'Client call rules': the SDK's own sentence for a plain string where named parameters are required. */
  namedParameters: (kind: 'Integration' | 'Function', name: string, received: string) =>
    `${kind} ${name} must receive an object with named parameters, received: ${received}`,
  unknownIntegration: (name: string) => `Unknown integration "${name}". This server has Core.${PLATFORM_INTEGRATIONS.join(', Core.')}.`,
  unknownFunction: (name: string) => `Unknown function "${name}". This server has ${PLATFORM_FUNCTIONS.join(', ')}.`,
  emailTo: 'to must be a valid e-mail address.',
  emailSubject: 'subject is required (at most 300 characters).',
  emailBody: 'body is required.',
  emailFromName: 'from_name must be at most 200 characters.',
  emailOnlyToSupport: 'Only admins can send e-mail to other addresses; users can write to the support address only.',
  uploadAdminOnly: 'Only admins can upload files.',
  fileUrlRequired: 'file_url is required: upload the file with Core.UploadFile first and pass the file_url it answered.',
  fileUrlInvalid: 'file_url is not a file uploaded to this server with Core.UploadFile, or the upload has expired (1 hour).',
  importFile: 'Send the CSV as multipart/form-data in the part named "file".',
  importEmpty: 'The CSV has a header row but no records.',
  importBad: (reason: string) => `The CSV could not be read: ${reason}`,
  profileLookup: 'Send email or userid.',
  profileOwnOnly: 'You can only update your own profile.',
} as const;

/** POST /api/apps/{appId}/auth/login, as @base44/sdk's loginViaEmailPassword sends it. */
export interface PlatformLoginRequest {
  email: string;
  password: string;
  /** Sent by the SDK only when the app has one; this server does not use a captcha. */
  turnstile_token?: string;
}
