/**
 * First-start catalogue seed. Placeholder until the generator and importers land: seeds nothing.
 */
import type { Db } from '../db/client.ts';
import type { BackendConfig } from '../config.ts';

export async function ensureCatalogSeeded(db: Db, config: BackendConfig, options: { sharedCatalogDir?: string | undefined }): Promise<void> {
  void db;
  void config;
  void options;
}
