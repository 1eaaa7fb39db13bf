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
import { parseArgs } from 'node:util';
import { createDb } from './db/client.ts';
import { DEFAULT_DATA_DIR } from './runtime.ts';
import {
  addCxmlConfig,
  addOciConfig,
  listPunchOutConfigs,
  PunchOutConfigError,
  rotatePunchOutSecret,
  setPunchOutConfigActive,
  type PunchOutConfig,
} from './commerce/punchout/config.ts';
import type { Db } from './db/client.ts';

const USAGE = `usage: npm run punchout -- list
       npm run punchout -- oci add --company <client number> --username <u> --password <p> --hook-origin <origin>…
       npm run punchout -- cxml add --company <client number> --domain <d> --identity <i> --secret <s> --form-post-origin <origin>…
       npm run punchout -- disable <id> | enable <id> | rotate-secret <id> [--secret <s>]`;

class UsageError extends Error {}

/** `C62=PCE,MTR=M` → { C62: 'PCE', MTR: 'M' }. */
function unitMap(value: string | undefined): Record<string, string> | undefined {
  if (!value) return undefined;
  const map: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [from, to] = pair.split('=').map((s) => s.trim());
    if (!from || !to) throw new UsageError(`--unit-map: "${pair}" is not SHOP=BUYER`);
    map[from.toUpperCase()] = to.toUpperCase();
  }
  return map;
}

function describe(config: PunchOutConfig): string {
  const state = config.active ? 'active' : 'disabled';
  const head = `${config.id}  ${config.protocol.toUpperCase().padEnd(4)}  company ${config.companyNumber}  "${config.systemName}"  ${state}`;
  if (config.protocol === 'oci') {
    return `${head}\n    user ${config.username}; HOOK_URL origins ${config.settings.hookOrigins.join(' ')}; charset ${config.settings.charset}`;
  }
  const s = config.settings;
  return (
    `${head}\n    credential ${s.buyerDomain}/${s.buyerIdentity}; prices of ${config.username}; ` +
    `BrowserFormPost origins ${s.formPostOrigins.join(' ')}; ${s.formField}; DTD ${s.dtdVersion}; ` +
    `edit ${s.allowEdit ? 'on' : 'off'}, inspect ${s.allowInspect ? 'on' : 'off'}, OrderRequest ${s.allowOrderRequest ? 'on' : 'off'}`
  );
}

async function run(db: Db, args: string[]): Promise<void> {
  const [command, sub] = args;
  if (command === 'list') {
    const configs = await listPunchOutConfigs(db);
    console.log(configs.length ? configs.map(describe).join('\n') : 'No punch-out configurations.');
    return;
  }
  if ((command === 'oci' || command === 'cxml') && sub === 'add') {
    const { values } = parseArgs({
      args: args.slice(2),
      strict: true,
      options: {
        company: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        'hook-origin': { type: 'string', multiple: true },
        domain: { type: 'string' },
        identity: { type: 'string' },
        secret: { type: 'string' },
        'form-post-origin': { type: 'string', multiple: true },
        'system-name': { type: 'string' },
        user: { type: 'string' },
        charset: { type: 'string' },
        'unit-map': { type: 'string' },
        classification: { type: 'string' },
        'customer-material-number': { type: 'boolean' },
        'vendor-number': { type: 'string' },
        oci5: { type: 'boolean' },
        'cancel-url': { type: 'string' },
        'max-lines': { type: 'string' },
        'form-field': { type: 'string' },
        'dtd-version': { type: 'string' },
        'supplier-domain': { type: 'string' },
        'supplier-identity': { type: 'string' },
        'allow-order-request': { type: 'boolean' },
        'no-edit': { type: 'boolean' },
        'no-inspect': { type: 'boolean' },
      },
    });
    if (!values.company) throw new UsageError('--company is required');
    const units = unitMap(values['unit-map']);
    if (command === 'oci') {
      if (!values.username || !values.password) throw new UsageError('--username and --password are required');
      const charset = values.charset?.toUpperCase();
      if (charset && charset !== 'UTF-8' && charset !== 'ISO-8859-1')
        throw new UsageError('--charset: UTF-8 or ISO-8859-1');
      const classification = values.classification?.toUpperCase();
      if (classification && classification !== 'ECLASS' && classification !== 'UNSPSC') {
        throw new UsageError('--classification: ECLASS or UNSPSC');
      }
      const config = await addOciConfig(db, {
        companyNumber: values.company,
        username: values.username,
        password: values.password,
        hookOrigins: values['hook-origin'] ?? [],
        ...(values['system-name'] ? { systemName: values['system-name'] } : {}),
        settings: {
          ...(charset ? { charset: charset as 'UTF-8' | 'ISO-8859-1' } : {}),
          ...(units ? { unitMap: units } : {}),
          ...(classification ? { classification: classification as 'ECLASS' | 'UNSPSC' } : {}),
          ...(values['customer-material-number'] ? { customerMaterialNumber: true } : {}),
          ...(values['vendor-number'] ? { vendorNumber: values['vendor-number'] } : {}),
          ...(values.oci5 ? { oci5Hierarchy: true } : {}),
          ...(values['cancel-url'] ? { cancelUrl: values['cancel-url'] } : {}),
          ...(values['max-lines'] ? { maxLines: Math.max(1, Number(values['max-lines']) || 200) } : {}),
        },
      });
      console.log(`Added:\n${describe(config)}`);
      return;
    }
    if (!values.domain || !values.identity || !values.secret) {
      throw new UsageError('--domain, --identity and --secret are required');
    }
    const field = values['form-field'];
    if (field && field !== 'cxml-base64' && field !== 'cxml-urlencoded') {
      throw new UsageError('--form-field: cxml-base64 or cxml-urlencoded');
    }
    const classification = values.classification?.toUpperCase();
    if (classification && classification !== 'ECLASS' && classification !== 'UNSPSC') {
      throw new UsageError('--classification: UNSPSC or ECLASS');
    }
    const config = await addCxmlConfig(db, {
      companyNumber: values.company,
      domain: values.domain,
      identity: values.identity,
      secret: values.secret,
      formPostOrigins: values['form-post-origin'] ?? [],
      ...(values['system-name'] ? { systemName: values['system-name'] } : {}),
      ...(values.user ? { user: values.user } : {}),
      settings: {
        ...(field ? { formField: field as 'cxml-base64' | 'cxml-urlencoded' } : {}),
        ...(values['dtd-version'] ? { dtdVersion: values['dtd-version'] } : {}),
        ...(units ? { unitMap: units } : {}),
        ...(classification ? { classification: classification as 'ECLASS' | 'UNSPSC' } : {}),
        ...(values['supplier-domain'] ? { supplierDomain: values['supplier-domain'] } : {}),
        ...(values['supplier-identity'] ? { supplierIdentity: values['supplier-identity'] } : {}),
        ...(values['allow-order-request'] ? { allowOrderRequest: true } : {}),
        ...(values['no-edit'] ? { allowEdit: false } : {}),
        ...(values['no-inspect'] ? { allowInspect: false } : {}),
      },
    });
    console.log(`Added:\n${describe(config)}`);
    return;
  }
  if ((command === 'disable' || command === 'enable') && sub) {
    if (!(await setPunchOutConfigActive(db, sub, command === 'enable'))) {
      throw new PunchOutConfigError(`No punch-out configuration ${sub}.`);
    }
    console.log(`${command === 'enable' ? 'Enabled' : 'Disabled'} ${sub}.`);
    return;
  }
  if (command === 'rotate-secret' && sub) {
    const { values } = parseArgs({ args: args.slice(2), strict: true, options: { secret: { type: 'string' } } });
    const secret = await rotatePunchOutSecret(db, sub, values.secret);
    if (secret === null) throw new PunchOutConfigError(`No punch-out configuration ${sub}.`);
    console.log(values.secret ? `Replaced the secret of ${sub}.` : `New secret of ${sub} (shown once): ${secret}`);
    return;
  }
  throw new UsageError('unknown command');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
  if (args.length === 0) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const handle = await createDb({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR,
  });
  try {
    await run(handle.db, args);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && error.name === 'TypeError' && 'code' in error)) {
      console.error(`${error.message}\n${USAGE}`);
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
