import { createHash, randomBytes } from 'crypto';

/** A random token to hand out once (cookie or e-mailed link); only its hash is stored. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
