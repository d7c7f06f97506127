import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes); verify() reads the parameters from the hash,
// so raising them later keeps old hashes working.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Makes the dummy hash at start-up, so the first unknown e-mail takes no longer than the next. */
export function warmPasswordCheck(): void {
  dummyHash ??= hashPassword('not-a-real-password-1');
}

/** Spend the same time for an unknown e-mail as for a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1');
  await verifyPassword(await dummyHash, password);
}
