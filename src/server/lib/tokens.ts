import { createHash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
export const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
