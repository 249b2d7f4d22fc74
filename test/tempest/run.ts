import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCloud } from './cloud.js';
import { tempestConf } from './config.js';
import { TEMPEST_GROUPS, type TempestGroup } from './groups.js';

/**
 * `npm run test:tempest`: OpenStack's own API tests (Tempest, Debian's
 * package, installed when missing) against a fresh built-in cloud. Runs the
 * groups of groups.ts one after the other, prints groups × passed / failed /
 * skipped and the pass rate, and, when every group ran, writes
 * emulator/TEMPEST.md. Not part of `npm test` (about ten minutes).
 *
 *   --group <label or part of it>   run only matching groups (repeatable; no TEMPEST.md)
 *   TEMPEST_CONCURRENCY             workers per group (default 2)
 *   TEMPEST_IDENTITY_URL, ADMIN_PASSWORD   use a running built-in cloud instead of a fresh one
 *   TEMPEST_WORKSPACE               keep tempest.conf, logs and results there (default a temp dir)
 */

const root = join(import.meta.dirname, '..', '..');
const TEMPEST_PACKAGE_ROOT = '/usr/lib/python3/dist-packages';

interface Row {
  group: TempestGroup;
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}

function hasTempest(): boolean {
  try {
    execFileSync('tempest', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasHeatPlugin(): boolean {
  try {
    execFileSync('/usr/bin/python3', ['-c', 'import heat_tempest_plugin'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Debian's tempest and heat-tempest-plugin packages, with `apt-get update` first only when apt has no list of them yet. */
function ensureTempest(): string {
  const missing = [...(hasTempest() ? [] : ['tempest']), ...(hasHeatPlugin() ? [] : ['heat-tempest-plugin'])];
  if (missing.length) {
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    const apt = (...args: string[]) => execFileSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const known = execFileSync('apt-cache', ['policy', ...missing]).toString();
    if ((known.match(/Candidate: (?!\(none\))/g) ?? []).length < missing.length) apt('update');
    apt('install', '-y', '--no-install-recommends', ...missing);
  }
  return execFileSync('tempest', ['--version']).toString().trim();
}

function selectedGroups(argv: string[]): TempestGroup[] {
  const wanted: string[] = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--group') wanted.push(argv[++i] ?? '');
  if (!wanted.length) return TEMPEST_GROUPS;
  const groups = TEMPEST_GROUPS.filter((group) => wanted.some((part) => group.label.includes(part)));
  if (!groups.length) throw new Error(`no group matches ${wanted.join(', ')}; groups: ${TEMPEST_GROUPS.map((group) => group.label).join(', ')}`);
  return groups;
}

/** Tempest's own "Totals" block: "- Passed: N", "- Skipped: N", "- Failed: N". */
function totals(output: string): Pick<Row, 'passed' | 'failed' | 'skipped' | 'failures'> {
  const count = (label: string) => Number(new RegExp(`- ${label}: (\\d+)`).exec(output)?.[1] ?? 0);
  const failures = [...output.matchAll(/^\{\d+\} (\S+).*\.\.\. FAILED$/gm)].map((match) => match[1]);
  return { passed: count('Passed'), failed: count('Failed'), skipped: count('Skipped'), failures };
}

function runGroup(workspace: string, group: TempestGroup, concurrency: number): Promise<Row> {
  return new Promise((resolve, reject) => {
    const child = spawn('tempest', ['run', '--regex', group.regex, '--concurrency', String(concurrency)], { cwd: workspace, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      writeFileSync(join(workspace, 'logs', `${group.label.replace(/[^\w.]+/g, '_')}.txt`), output);
      resolve({ group, ...totals(output) });
    });
  });
}

const percent = (passed: number, failed: number) => (passed + failed ? `${((100 * passed) / (passed + failed)).toFixed(1)} %` : '–');

/** Tempest's own groups, then the service plugins' groups, each table with its total. */
function table(rows: Row[]): string {
  const own = rows.filter((row) => !row.group.plugin);
  const plugins = rows.filter((row) => row.group.plugin);
  return [own, plugins]
    .filter((part) => part.length)
    .map((part) => totalled(part, part === plugins ? 'Service plugin group' : 'Group'))
    .join('\n\n');
}

function totalled(rows: Row[], heading: string): string {
  const sum = (key: 'passed' | 'failed' | 'skipped') => rows.reduce((total, row) => total + row[key], 0);
  const lines = [`| ${heading} | Passed | Failed | Skipped | Pass rate |`, '|---|--:|--:|--:|--:|'];
  for (const row of rows) lines.push(`| ${row.group.label} | ${row.passed} | ${row.failed} | ${row.skipped} | ${percent(row.passed, row.failed)} |`);
  lines.push(`| **Total** | **${sum('passed')}** | **${sum('failed')}** | **${sum('skipped')}** | **${percent(sum('passed'), sum('failed'))}** |`);
  return lines.join('\n');
}

function report(rows: Row[], version: string, concurrency: number): string {
  const failures = rows.flatMap((row) => row.failures);
  return [
    '# Tempest against the built-in cloud',
    '',
    `Written by \`npm run test:tempest\` on ${new Date().toISOString().slice(0, 10)} with ${version} (Debian's package),`,
    `dynamic credentials, \`run_validation = false\`, concurrency ${concurrency}, against a fresh built-in cloud.`,
    'Pass rate = passed / (passed + failed). Feature flags turned off, and why: emulator/README.md, "Tempest".',
    '',
    table(rows),
    '',
    ...(failures.length ? ['Failing tests:', '', ...failures.map((name) => `- \`${name}\``), ''] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const groups = selectedGroups(process.argv.slice(2));
  const concurrency = Number(process.env.TEMPEST_CONCURRENCY ?? 2);
  const version = ensureTempest();
  const workspace = process.env.TEMPEST_WORKSPACE ?? mkdtempSync(join(tmpdir(), 'tempest-'));
  mkdirSync(join(workspace, 'etc'), { recursive: true });
  mkdirSync(join(workspace, 'logs'), { recursive: true });
  writeFileSync(
    join(workspace, '.stestr.conf'),
    `[DEFAULT]\ntest_path=${TEMPEST_PACKAGE_ROOT}/tempest/test_discover\ntop_dir=${TEMPEST_PACKAGE_ROOT}\ngroup_regex=([^\\.]*\\.)*\n`,
  );
  const cloud = await openCloud();
  const rows: Row[] = [];
  try {
    writeFileSync(join(workspace, 'etc', 'tempest.conf'), await tempestConf(cloud.identity, cloud.adminPassword, workspace));
    console.log(`${version} against ${cloud.identity} (workspace ${workspace})`);
    for (const group of groups) {
      const started = Date.now();
      const row = await runGroup(workspace, group, concurrency);
      rows.push(row);
      console.log(`${group.label}: ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped (${Math.round((Date.now() - started) / 1000)} s)`);
      for (const name of row.failures) console.log(`  FAILED ${name}`);
    }
  } finally {
    await cloud.close();
  }
  console.log(`\n${table(rows)}`);
  if (groups === TEMPEST_GROUPS) writeFileSync(join(root, 'emulator', 'TEMPEST.md'), report(rows, version, concurrency));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
