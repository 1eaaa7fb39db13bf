/**
 * `npm run punchout -- <command>`: the supplier's management of punch-out configurations (docs/decisions/025), in
 * the database named by DATABASE_URL (PostgreSQL, also while the shop runs), or else the PGlite folder DATA_DIR
 * (default .data/pglite; stop the shop first, PGlite allows one process), as `npm run account:activate` does.
 *
 *   list
 *   oci add --company <client number> --username <u> --password <p> --hook-origin <origin> [--hook-origin …]
 *           [--system-name <name>] [--charset ISO-8859-1|UTF-8] [--unit-map C62=PCE,MTR=M]
 *           [--classification ECLASS|UNSPSC] [--customer-material-number] [--vendor-number <n>] [--oci5]
 *           [--cancel-url <url>] [--max-lines <n>]
 *   cxml add --company <client number> --domain <credential domain> --identity <identity> --secret <shared secret>
 *           --form-post-origin <origin> [--form-post-origin …] [--system-name <name>] [--user <username>]
 *           [--form-field cxml-base64|cxml-urlencoded] [--dtd-version 1.2.071] [--unit-map C62=EA]
 *           [--classification UNSPSC|ECLASS] [--supplier-domain NetworkID] [--supplier-identity <id>]
 *           [--allow-order-request] [--no-edit] [--no-inspect]
 *   disable <id> | enable <id>
 *   rotate-secret <id> [--secret <new secret>]   (OCI: the technical user's password; cXML: the shared secret)
 *
 * Origins: `https://host[:port]`, or `http://` on a loopback host for a procurement team's test system; OCI also
 * `SAPEVENT:` for SAP GUI's pseudo-URL. Secrets are printed only when generated. Exit code 1 on a usage error or a
 * refused change, with the reason on standard error.
 */
import { createDb, databaseOptionsFromEnv } from './db/client.ts';
import { PunchOutConfigError } from './commerce/punchout/config.ts';
import { PUNCHOUT_USAGE, PunchOutUsageError, runPunchOutCommand } from './commerce/punchout/cli-commands.ts';

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
  if (args.length === 0) {
    console.error(PUNCHOUT_USAGE);
    process.exitCode = 1;
    return;
  }
  const handle = await createDb(databaseOptionsFromEnv(process.env));
  try {
    await runPunchOutCommand(handle.db, args, (line) => console.log(line));
  } catch (error) {
    if (error instanceof PunchOutUsageError) {
      console.error(`${error.message}\n${PUNCHOUT_USAGE}`);
    } else if (error instanceof PunchOutConfigError) {
      console.error(error.message);
    } else {
      throw error;
    }
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

await main();
