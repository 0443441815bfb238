import type { ChildProcess } from 'node:child_process';
import { startTool } from './processes';

export interface OAuthProvider {
  issuer: string;
  /** POST a JSON identity ({ sub, email, email_verified, name }) here to choose who the next sign-in is. */
  control: string;
  proc: ChildProcess;
  as(identity: object): Promise<void>;
}

/** tools/oauth-mock.mjs: a local OpenID provider (oauth2-mock-server) standing in for Google. */
export async function startOAuthProvider(): Promise<OAuthProvider> {
  const { issuer, control, proc } = await startTool<{ issuer: string; control: string }>('oauth-mock.mjs');
  return {
    issuer,
    control,
    proc,
    as: async (identity) => {
      await fetch(control, { method: 'POST', body: JSON.stringify(identity) });
    },
  };
}

/** The Google settings of a site whose "Continue with Google" goes to that provider. */
export const googleSettings = (issuer: string, clientId = 'solvr-test-client') => ({
  GOOGLE_CLIENT_ID: clientId,
  GOOGLE_CLIENT_SECRET: `${clientId}-secret`,
  GOOGLE_AUTH_URL: `${issuer}/authorize`,
  GOOGLE_TOKEN_URL: `${issuer}/token`,
  GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
});
