/**
 * `npm run account:activate -- <username|companyNumber>`: activates a waiting registration in the database named by
 * DATABASE_URL, or else the PGlite folder DATA_DIR (default .data/pglite; stop the shop first, PGlite allows one
 * process). A client number activates the company and the users waiting with it (not users deactivated on purpose,
 * not extra users registered into the company, who wait for their own activation); a username activates that
 * waiting user, and the company too when the user registered it.
 * Prints what it activated; exit code 1 when nothing matches or the argument is missing.
 */
import { activateRegistration } from './auth/activation.ts';
import { createDb, databaseOptionsFromEnv } from './db/client.ts';

const USAGE = 'usage: npm run account:activate -- <username|companyNumber>';

async function main(): Promise<void> {
  const key = process.argv.slice(2).find((a) => a !== '--');
  if (!key) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const handle = await createDb(databaseOptionsFromEnv(process.env));
  try {
    const result = await activateRegistration(handle.db, key);
    if (!result) {
      console.error(`No company with client number or user with username "${key}".`);
      process.exitCode = 1;
      return;
    }
    const users = result.activated.length ? result.activated.join(', ') : 'none waiting';
    console.log(
      `Activated company ${result.company.companyNumber} (${result.company.name}); users activated: ${users}.`,
    );
  } finally {
    await handle.close();
  }
}

await main();
