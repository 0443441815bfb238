import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { loadConfig } from './app-config';
import { ConfigError, configOf, defineConfigSection } from './config-section';

const DATA_DIR = mkdtempSync(join(tmpdir(), 'solvr-section-'));

describe('config sections', () => {
  const probe = defineConfigSection('probe', (env, core) => {
    const size = env.int('PROBE_SIZE', 5, 1, 10);
    return { size, folder: join(core.dataDir, 'probe') };
  });

  it('reads every defined section with the core settings, and hands each back by its section', () => {
    const config = loadConfig({ DATA_DIR, PROBE_SIZE: '7' });
    expect(configOf(config, probe)).toEqual({ size: 7, folder: join(DATA_DIR, 'probe') });
  });

  it("refuses a bad feature setting at load with the same one-line message as core's", () => {
    const run = () => loadConfig({ DATA_DIR, PROBE_SIZE: '11' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('Invalid setting PROBE_SIZE: expected a whole number from 1 to 10, got "11"');
  });
});
