import { configOf, loadConfig } from '@solvr/server-core';
import { platformConfig } from './platform.config';

const TOKEN = 'svc_0123456789abcdefghijklmnopqrstuvwxyz';
const read = (env: Record<string, string> = {}) =>
  configOf(loadConfig({ DATA_DIR: '/tmp/solvr-platform-config', JWT_SECRET: 'a-jwt-secret-that-is-long-enough-0123456789', ...env }), platformConfig);

describe('platform settings', () => {
  it('serves app id portal, refuses service calls and answers no CORS by default', () => {
    expect(read()).toMatchObject({ appId: 'portal', serviceToken: null, corsOrigins: [], publicUrl: 'http://localhost:3000' });
    expect(read().signingKey).toHaveLength(32);
  });

  it('takes an app id, a service token and CORS origins', () => {
    expect(read({ APP_ID: 'my-app_2', PLATFORM_SERVICE_TOKEN: TOKEN, PLATFORM_CORS_ORIGINS: 'https://a.example.com, http://localhost:5173/' })).toMatchObject({
      appId: 'my-app_2',
      serviceToken: TOKEN,
      corsOrigins: ['https://a.example.com', 'http://localhost:5173'],
    });
    expect(read({ PLATFORM_CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });

  it('refuses bad values with one line naming the setting', () => {
    for (const bad of ['has space', 'a/b', 'x'.repeat(65)]) expect(() => read({ APP_ID: bad })).toThrow('Invalid setting APP_ID');
    for (const bad of ['short', `${TOKEN} with space`]) expect(() => read({ PLATFORM_SERVICE_TOKEN: bad })).toThrow('Invalid setting PLATFORM_SERVICE_TOKEN: expected at least 32');
    expect(() => read({ NODE_ENV: 'production', PLATFORM_SERVICE_TOKEN: 'change-me-change-me-change-me-change-me' })).toThrow('Invalid setting PLATFORM_SERVICE_TOKEN: still holds a placeholder value');
    for (const bad of ['app.example.com', 'https://a.example.com/path', 'ftp://a.example.com']) {
      expect(() => read({ PLATFORM_CORS_ORIGINS: bad })).toThrow('Invalid setting PLATFORM_CORS_ORIGINS');
    }
  });
});
