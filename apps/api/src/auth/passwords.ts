import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../config.js';

/** argon2id (the library's default algorithm) as a PHC string. */
export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, { memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
