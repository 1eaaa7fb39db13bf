/**
 * The commands of `npm run punchout` (backend/punchout-cli.ts, which documents them): list, add OCI and cXML
 * configurations, disable, enable and rotate secrets, on a database handle. Output goes to `out`; refusals are
 * thrown as `PunchOutUsageError` (usage) or `PunchOutConfigError` (./config.ts).
 */
import { parseArgs } from 'node:util';
import type { Db } from '../../db/client.ts';
import {
  addCxmlConfig,
  addOciConfig,
  listPunchOutConfigs,
  PunchOutConfigError,
  rotatePunchOutSecret,
  setPunchOutConfigActive,
  type PunchOutConfig,
} from './config.ts';

export const PUNCHOUT_USAGE = `usage: npm run punchout -- list
       npm run punchout -- oci add --company <client number> --username <u> --password <p> --hook-origin <origin>…
       npm run punchout -- cxml add --company <client number> --domain <d> --identity <i> --secret <s> --form-post-origin <origin>…
       npm run punchout -- disable <id> | enable <id> | rotate-secret <id> [--secret <s>]`;

/** A command line the commands do not understand. */
export class PunchOutUsageError extends Error {}

/** node:util's parseArgs, its refusals (an unknown option, a missing value) as PunchOutUsageError. */
function parseOptions<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new PunchOutUsageError((error as Error).message);
  }
}

/** `C62=PCE,MTR=M` → { C62: 'PCE', MTR: 'M' }. */
function unitMap(value: string | undefined): Record<string, string> | undefined {
  if (!value) return undefined;
  const map: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [from, to] = pair.split('=').map((s) => s.trim());
    if (!from || !to) throw new PunchOutUsageError(`--unit-map: "${pair}" is not SHOP=BUYER`);
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

/**
 * Runs one command (`args` without the leading `--`), writing what it did to `out`.
 *
 * @throws PunchOutUsageError for an unknown command or missing options, PunchOutConfigError for a refused change.
 */
export async function runPunchOutCommand(db: Db, args: string[], out: (line: string) => void): Promise<void> {
  const [command, sub] = args;
  if (command === 'list') {
    const configs = await listPunchOutConfigs(db);
    out(configs.length ? configs.map(describe).join('\n') : 'No punch-out configurations.');
    return;
  }
  if ((command === 'oci' || command === 'cxml') && sub === 'add') {
    const { values } = parseOptions(args.slice(2), {
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
    });
    if (!values.company) throw new PunchOutUsageError('--company is required');
    const units = unitMap(values['unit-map']);
    if (command === 'oci') {
      if (!values.username || !values.password) throw new PunchOutUsageError('--username and --password are required');
      const charset = values.charset?.toUpperCase();
      if (charset && charset !== 'UTF-8' && charset !== 'ISO-8859-1')
        throw new PunchOutUsageError('--charset: UTF-8 or ISO-8859-1');
      const classification = values.classification?.toUpperCase();
      if (classification && classification !== 'ECLASS' && classification !== 'UNSPSC') {
        throw new PunchOutUsageError('--classification: ECLASS or UNSPSC');
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
      out(`Added:\n${describe(config)}`);
      return;
    }
    if (!values.domain || !values.identity || !values.secret) {
      throw new PunchOutUsageError('--domain, --identity and --secret are required');
    }
    const field = values['form-field'];
    if (field && field !== 'cxml-base64' && field !== 'cxml-urlencoded') {
      throw new PunchOutUsageError('--form-field: cxml-base64 or cxml-urlencoded');
    }
    const classification = values.classification?.toUpperCase();
    if (classification && classification !== 'ECLASS' && classification !== 'UNSPSC') {
      throw new PunchOutUsageError('--classification: UNSPSC or ECLASS');
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
    out(`Added:\n${describe(config)}`);
    return;
  }
  if ((command === 'disable' || command === 'enable') && sub) {
    if (!(await setPunchOutConfigActive(db, sub, command === 'enable'))) {
      throw new PunchOutConfigError(`No punch-out configuration ${sub}.`);
    }
    out(`${command === 'enable' ? 'Enabled' : 'Disabled'} ${sub}.`);
    return;
  }
  if (command === 'rotate-secret' && sub) {
    const { values } = parseOptions(args.slice(2), { secret: { type: 'string' } });
    const secret = await rotatePunchOutSecret(db, sub, values.secret);
    if (secret === null) throw new PunchOutConfigError(`No punch-out configuration ${sub}.`);
    out(values.secret ? `Replaced the secret of ${sub}.` : `New secret of ${sub} (shown once): ${secret}`);
    return;
  }
  throw new PunchOutUsageError('unknown command');
}
