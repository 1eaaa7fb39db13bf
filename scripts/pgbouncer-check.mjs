/**
 * `node scripts/pgbouncer-check.mjs [--port 6432] [--server postgres://postgres@127.0.0.1:5432/postgres] [--also-on]`:
 * runs the backend's PostgreSQL tests (`*.pg.test.ts`) through a PgBouncer in transaction pooling, as a shop with
 * `DATABASE_URL` on a pooler and `DATABASE_DIRECT_URL` on the server runs (backend/testing/pg-test-database.ts).
 * On demand, not part of `npm test`: it needs the `pgbouncer` program (Debian: `apt-get install -y pgbouncer`) and
 * stops with exit code 2 and that advice when it is missing.
 *
 * Steps:
 * 1. starts `pgbouncer` on 127.0.0.1:`--port` with `pool_mode = transaction`, every database name forwarded to the
 *    server of `--server` (`* = host=… port=…`, PgBouncer documentation "[databases] section"), `auth_type = trust`;
 * 2. shows why named prepared statements break there: one client prepares a named statement, a second client holds
 *    that server connection in a transaction, and the first client's next execution is sent to another server
 *    connection, which answers `prepared statement "…" does not exist` (PgBouncer before 1.21 does not track
 *    protocol-level prepared statements; PgBouncer documentation "Features"); sent unnamed, the same sequence works;
 * 3. runs the PostgreSQL tests with `DATABASE_PREPARED_STATEMENTS=off`: they must pass;
 * 4. with `--also-on`, runs them again with `DATABASE_PREPARED_STATEMENTS=on` and prints which fail.
 *
 * Exit code 0 when steps 2 and 3 show what they should, 1 otherwise, 2 without `pgbouncer`. Test databases are named
 * by `WERKBANK_TEST_DB_PREFIX` (default `werkbank_test_`) and dropped by the tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '6432' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'also-on': { type: 'boolean', default: false },
    'os-user': { type: 'string', default: 'postgres' },
  },
});
const port = Number(values.port);
const server = new URL(values.server);
const user = decodeURIComponent(server.username || 'postgres');

const which = spawnSync('sh', ['-c', 'command -v pgbouncer || ls /usr/sbin/pgbouncer'], { encoding: 'utf8' });
const binary = which.status === 0 ? which.stdout.trim().split('\n')[0] : '';
if (!binary) {
  console.error('pgbouncer is not installed: apt-get install -y pgbouncer (Debian), then run this again.');
  process.exit(2);
}

/** True once something accepts TCP connections on 127.0.0.1:`port`. */
function listening() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'werkbank-pgbouncer-'));
writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
writeFileSync(
  join(dir, 'pgbouncer.ini'),
  [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    'auth_type = trust',
    `auth_file = ${join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 40',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    '',
  ].join('\n'),
);

if (await listening()) {
  console.error(`Port ${port} is taken; choose another with --port.`);
  process.exit(1);
}
// PgBouncer refuses to run as root; then it runs as `--os-user` (its `-u` option), which must read its folder.
const asRoot = process.getuid?.() === 0;
if (asRoot) {
  const ids = spawnSync('id', ['-u', values['os-user']], { encoding: 'utf8' });
  const gids = spawnSync('id', ['-g', values['os-user']], { encoding: 'utf8' });
  if (ids.status !== 0) {
    console.error(`Running as root: PgBouncer needs another user (--os-user; ${values['os-user']} does not exist).`);
    process.exit(1);
  }
  for (const file of ['', 'userlist.txt', 'pgbouncer.ini'])
    chownSync(join(dir, file), Number(ids.stdout), Number(gids.stdout));
}
const bouncer = spawn(binary, [...(asRoot ? ['-u', values['os-user']] : []), join(dir, 'pgbouncer.ini')], {
  stdio: 'ignore',
});
let exited = false;
bouncer.on('exit', () => (exited = true));
const stop = () => {
  bouncer.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stop);
for (let i = 0; i < 100 && !exited && !(await listening()); i++) await new Promise((r) => setTimeout(r, 100));
if (exited || !(await listening())) {
  console.error(`pgbouncer did not start (its log: ${join(dir, 'pgbouncer.log')}).`);
  process.exit(1);
}
const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
console.log(`${version} on 127.0.0.1:${port}, pool_mode = transaction, forwarding to ${server.host}`);

const pooled = new URL(values.server);
pooled.hostname = '127.0.0.1';
pooled.port = String(port);

/**
 * Step 2: a named statement prepared through the pooler, executed again while its server connection is busy with
 * another client's transaction. Answers the error message, or null when both executions succeeded.
 */
async function secondExecution(named) {
  const first = new pg.Client({ connectionString: pooled.toString() });
  const other = new pg.Client({ connectionString: pooled.toString() });
  await first.connect();
  await other.connect();
  try {
    const statement = { text: 'SELECT $1::int AS n', values: [1], ...(named ? { name: 'wb_pgbouncer_check' } : {}) };
    await first.query(statement);
    await other.query('BEGIN'); // takes the idle server connection that parsed the statement
    await other.query('SELECT 1');
    await first.query(statement); // goes to another server connection
    return null;
  } catch (error) {
    return error.message;
  } finally {
    await other.query('ROLLBACK').catch(() => {});
    await Promise.all([first.end(), other.end()]);
  }
}

let ok = true;
const namedError = await secondExecution(true);
const unnamedError = await secondExecution(false);
console.log(`\nnamed prepared statement, second execution:   ${namedError ?? 'succeeded'}`);
console.log(`unnamed statement, same sequence:             ${unnamedError ?? 'succeeded'}`);
if (!namedError || unnamedError) ok = false;

const files = ['backend', 'tests']
  .flatMap((root) => readdirSync(root, { recursive: true }).map((file) => join(root, String(file))))
  .filter((file) => file.endsWith('.pg.test.ts'))
  .sort();
/** Runs the PostgreSQL tests through the pooler; answers the exit code and the failed files. */
function runTests(preparedStatements) {
  console.log(
    `\nPostgreSQL tests through PgBouncer, DATABASE_PREPARED_STATEMENTS=${preparedStatements} (${files.length} files)`,
  );
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'db', ...files], {
    encoding: 'utf8',
    env: {
      ...process.env,
      NO_COLOR: '1',
      WERKBANK_TEST_PG_URL: values.server,
      WERKBANK_TEST_PG_POOLER_URL: pooled.toString(),
      DATABASE_PREPARED_STATEMENTS: preparedStatements,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${run.stdout}${run.stderr}`;
  const failed = [...new Set([...output.matchAll(/FAIL\s+(?:\S+\s+)?(\S+\.pg\.test\.ts)/g)].map((m) => m[1]))];
  const summary = output.match(/Test Files\s+.*\n\s+Tests\s+.*/)?.[0].replace(/\s+/g, ' ') ?? '(no summary)';
  console.log(`  exit ${run.status}, ${((Date.now() - started) / 1000).toFixed(0)} s: ${summary}`);
  for (const file of failed) console.log(`  failed: ${file}`);
  const reasons = new Map();
  for (const [, what] of output.matchAll(/prepared statement "[^"]+" (does not exist|already exists)/g)) {
    reasons.set(what, (reasons.get(what) ?? 0) + 1);
  }
  for (const [what, n] of reasons) console.log(`  ${n} × error: prepared statement "…" ${what}`);
  if (run.status !== 0 && preparedStatements === 'off') console.log(output.slice(-6000));
  return run.status;
}

if (runTests('off') !== 0) ok = false;
if (values['also-on']) runTests('on');

console.log(ok ? '\npgbouncer check: as expected' : '\npgbouncer check: NOT as expected');
process.exit(ok ? 0 : 1); // the 'exit' handler stops pgbouncer
