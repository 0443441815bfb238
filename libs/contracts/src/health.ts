export type ComponentStatus = 'up' | 'down';

export interface ComponentHealth {
  status: ComponentStatus;
  /** Which implementation is in use, e.g. sqlite, mysql, in-process, bull, local, s3, outbox, smtp. */
  driver: string;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'error';
  database: ComponentHealth;
  queue: ComponentHealth;
  storage: ComponentHealth;
  mail: ComponentHealth;
}

/** The JSON body of every error answered by the api. */
export interface ApiError {
  message: string;
  statusCode: number;
  error: string;
  /** Per-field messages, for forms. */
  errors?: Record<string, string>;
  /** A machine-readable reason, where the route names one (e.g. the platform layer's `unsupported_operator`). */
  code?: string;
}

/** ApiError.code of a 503 refused because the server has as much of that work queued as it takes (try again shortly). */
export const BUSY_CODE = 'busy';

/** The parts GET /api/health reports, in the order the admin console shows them. */
export const HEALTH_COMPONENTS = ['database', 'queue', 'storage', 'mail'] as const satisfies ReadonlyArray<keyof Omit<HealthReport, 'status'>>;
export type HealthComponent = (typeof HEALTH_COMPONENTS)[number];
