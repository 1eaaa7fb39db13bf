/**
 * The asset archive of a rolling deploy: a folder shared by every storefront process of a deployment
 * (`ASSET_ARCHIVE_DIR`, e.g. a volume), into which each process copies its build's hashed assets (`/_astro/*` with
 * their `.br` and `.gz` files) when it starts, and from which it serves the `/_astro/*` files its own build lacks.
 *
 * While build n and build n+1 run side by side behind one load balancer, a page of either build may load its scripts
 * and styles from a process of the other build; without the archive that process answers 404 (deploy skew). Asset
 * names carry a hash of their content (Vite's `[name].[hash].[ext]`), so files of different builds never overwrite
 * each other, a name always means the same bytes, and copying is idempotent. Old files stay until an operator deletes
 * them (every build referenced by a page still served needs its files).
 */
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { constants } from 'node:fs';

/** The folder of the hashed assets inside a client build and inside the archive (Astro's `build.assets`). */
export const ASSETS_FOLDER = '_astro';

/**
 * Copies the hashed assets of `clientDir` into `archiveDir/_astro`, keeping files already there (same name, same
 * bytes); each file is copied exclusively (`COPYFILE_EXCL`), so processes starting together never write one file twice.
 *
 * @returns how many files were copied and how many were already there.
 * @throws the file-system error when the archive cannot be created or written.
 */
export async function archiveBuildAssets(
  clientDir: string,
  archiveDir: string,
): Promise<{ copied: number; present: number }> {
  const source = join(clientDir, ASSETS_FOLDER);
  const target = join(archiveDir, ASSETS_FOLDER);
  await mkdir(target, { recursive: true });
  let copied = 0;
  let present = 0;
  for (const name of await readdir(source)) {
    try {
      await copyFile(join(source, name), join(target, name), constants.COPYFILE_EXCL);
      copied++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      present++;
    }
  }
  return { copied, present };
}
