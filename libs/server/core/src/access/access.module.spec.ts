import { createHmac, KeyObject } from 'crypto';
import { Test } from '@nestjs/testing';
import { JwtService, type JwtModuleOptions } from '@nestjs/jwt';
import type { AppConfig } from '../config/app-config';
import { ACCESS_TOKEN_ALGORITHM } from './access.decorators';
import { AccessModule } from './access.module';

const SECRET = 'a-test-secret-that-is-long-enough-1234';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function jwtOf(secret: string) {
  const moduleRef = await Test.createTestingModule({ imports: [AccessModule.forRoot({ jwtSecret: secret } as AppConfig)] }).compile();
  const jwt = moduleRef.get(JwtService);
  // The options the JwtService was made with (the module's own provider is private to JwtModule).
  return { jwt, options: (jwt as unknown as { options: JwtModuleOptions }).options };
}

describe('AccessModule JWT key', () => {
  it('hands the JwtService a secret key built once, not the string (parsed again on every verify)', async () => {
    const { options } = await jwtOf(SECRET);
    expect(options.secret).toBeInstanceOf(KeyObject);
    expect((options.secret as KeyObject).type).toBe('secret');
    expect((options.secret as KeyObject).export().toString()).toBe(SECRET);
  });

  it('signs HS256 tokens with the configured secret and verifies them; rejects alg none and another key', async () => {
    const { jwt } = await jwtOf(SECRET);
    const token = await jwt.signAsync({ sub: 'u-1' });
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: ACCESS_TOKEN_ALGORITHM });
    // The same signature as a plain HMAC with the string: tokens issued before the change stay valid.
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
    for (let i = 0; i < 3; i++) expect(await jwt.verifyAsync(token)).toMatchObject({ sub: 'u-1' });

    await expect(jwt.verifyAsync(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).rejects.toThrow();
    const { jwt: other } = await jwtOf(`${SECRET}-other`);
    await expect(other.verifyAsync(token)).rejects.toThrow('invalid signature');
  });
});
