import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Bytes each user is receiving right now in this process (uploads not yet recorded). */
const receiving = new Map<number, number>();

/**
 * How many more bytes `userId` may upload: the quota less the files still waiting to be
 * imported (in progress, or paused for a plan) and what this process is receiving for them.
 */
export async function uploadAllowance(db: Kysely<Database>, userId: number, quota: number): Promise<number> {
  const row = await db
    .selectFrom('import_files')
    .select((eb) => eb.fn.sum<string | number | null>('size_bytes').as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['in-progress', 'paused'])
    .executeTakeFirst();
  return quota - Number(row?.n ?? 0) - (receiving.get(userId) ?? 0);
}

/** Counts bytes as they arrive toward the user's pending total until `end()`. */
export function countReceiving(userId: number): { add(bytes: number): void; end(): void } {
  let mine = 0;
  const set = (delta: number) => {
    const next = (receiving.get(userId) ?? 0) + delta;
    if (next <= 0) receiving.delete(userId);
    else receiving.set(userId, next);
  };
  return {
    add(bytes) {
      mine += bytes;
      set(bytes);
    },
    end() {
      set(-mine);
      mine = 0;
    },
  };
}

/**
 * At start: deletes `.upload` files under `<dataDir>/uploads/<user>/` that no upload row
 * names, left by a request that died mid-way (a crash, a killed process). A file modified in
 * the last `graceMs` is left alone: another process sharing DATA_DIR may be receiving it.
 */
export async function sweepUploads(
  db: Kysely<Database>,
  dataDir: string,
  graceMs = 60 * 60 * 1000,
): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const users = await readdir(root, { withFileTypes: true }).catch(() => []);
  const cutoff = Date.now() - graceMs;
  const removed: string[] = [];
  for (const dir of users) {
    if (!dir.isDirectory()) continue;
    const folder = path.join(root, dir.name);
    const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.upload'));
    if (names.length === 0) continue;
    const files = names.map((n) => path.join(folder, n));
    const known = new Set<string>();
    for (let i = 0; i < files.length; i += 500) {
      const rows = await db
        .selectFrom('import_files')
        .select('storage_path')
        .where('storage_path', 'in', files.slice(i, i + 500))
        .execute();
      for (const r of rows) if (r.storage_path) known.add(r.storage_path);
    }
    for (const file of files) {
      if (known.has(file)) continue;
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtimeMs > cutoff) continue;
      await unlink(file).then(
        () => removed.push(file),
        () => {},
      );
    }
  }
  return removed;
}
