import type { AppConfig } from './app-config';

export type Env = Record<string, string | undefined>;

/** Thrown with one line naming the setting at fault. */
export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`Invalid setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Typed reads of environment settings; each refusal is a ConfigError naming the setting. */
export class EnvReader {
  constructor(private readonly env: Env) {}

  str(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  int(name: string, def: number, min: number, max: number): number {
    const raw = this.str(name);
    if (raw === undefined) return def;
    if (!/^\d+$/.test(raw) || +raw < min || +raw > max) throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
    return +raw;
  }

  bool(name: string, def: boolean): boolean {
    const raw = this.str(name);
    if (raw === undefined) return def;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    throw new ConfigError(name, `expected true or false, got "${raw}"`);
  }

  url(name: string, protocols: string[]): string | undefined {
    const raw = this.str(name);
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(name, `not a valid URL`);
    }
    if (!protocols.includes(parsed.protocol.replace(':', ''))) throw new ConfigError(name, `expected a ${protocols.map((p) => p + '://').join(' or ')} URL`);
    return raw;
  }
}

/** A feature's own settings: read and checked at start with the rest, injected with @InjectConfig(section). */
export interface ConfigSection<T> {
  readonly name: string;
  readonly token: symbol;
  read(env: EnvReader, core: Omit<AppConfig, 'sections'>): T;
}

const SECTIONS: Array<ConfigSection<unknown>> = [];

/** Declares a section; every section of the features a process loads is read by loadConfig. */
export function defineConfigSection<T>(name: string, read: ConfigSection<T>['read']): ConfigSection<T> {
  const section: ConfigSection<T> = { name, token: Symbol(`config:${name}`), read };
  SECTIONS.push(section as ConfigSection<unknown>);
  return section;
}

export const registeredConfigSections = (): ReadonlyArray<ConfigSection<unknown>> => SECTIONS;

/** The values of a section, for code that runs before injection (module factories, tests). */
export function configOf<T>(config: AppConfig, section: ConfigSection<T>): T {
  if (!config.sections.has(section.token)) throw new Error(`The ${section.name} settings were not loaded`);
  return config.sections.get(section.token) as T;
}
