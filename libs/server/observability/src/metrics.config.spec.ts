import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, configOf, loadConfig } from '@solvr/server-core';
import { metricsConfig } from './metrics.config';

const DATA_DIR = mkdtempSync(join(tmpdir(), 'solvr-metrics-config-'));

describe('metrics settings', () => {
  it('opens no metrics listener unless METRICS_PORT is set, and binds it to loopback by default', () => {
    expect(configOf(loadConfig({ DATA_DIR }), metricsConfig)).toEqual({ port: null, host: '127.0.0.1' });
    expect(configOf(loadConfig({ DATA_DIR, METRICS_PORT: '9464' }), metricsConfig)).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(configOf(loadConfig({ DATA_DIR, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }), metricsConfig)).toEqual({ port: 9464, host: '0.0.0.0' });
  });

  it.each([
    [{ METRICS_PORT: '3000' }, 'Invalid setting METRICS_PORT: must differ from PORT (3000)'],
    [{ METRICS_PORT: 'nine' }, 'Invalid setting METRICS_PORT: expected a whole number from 0 to 65535'],
    [{ METRICS_PORT: '9464', METRICS_HOST: 'metrics.example.com' }, 'Invalid setting METRICS_HOST: expected an IP address'],
  ])('rejects %j with one clear line', (env, message) => {
    const run = () => loadConfig({ DATA_DIR, ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});
