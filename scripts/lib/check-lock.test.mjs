// Tests of the lock check (node --test scripts/lib/), on small locks and on the project's own.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lockProblems } from './check-lock.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEBAPP = path.join(HERE, '..', '..', 'webapp');

const manifest = { name: 'app', dependencies: { react: '^19.0.0' }, devDependencies: { vite: '^7.0.0' } };
const react = { version: '19.1.0', integrity: 'sha512-react' };
const vite = { version: '7.1.0', integrity: 'sha512-vite', dev: true };
const rollupLinux = { version: '4.0.0', integrity: 'sha512-linux', dev: true, optional: true, os: ['linux'], cpu: ['x64'] };
const rollupDarwin = { version: '4.0.0', integrity: 'sha512-darwin', dev: true, optional: true, os: ['darwin'], cpu: ['arm64'] };

function lockOf(packages) {
  return {
    name: 'app',
    lockfileVersion: 3,
    packages: { '': { name: 'app', dependencies: { react: '^19.0.0' }, devDependencies: { vite: '^7.0.0' } }, ...packages },
  };
}
const installed = {
  packages: { 'node_modules/react': react, 'node_modules/vite': vite, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux },
};

test('a lock that names exactly what is installed is fine', () => {
  const lock = lockOf({ 'node_modules/react': react, 'node_modules/vite': vite, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux });
  assert.deepEqual(lockProblems(manifest, lock, installed), []);
});

test("a lock with other platforms' optional entries, not installed here, is fine", () => {
  const lock = lockOf({
    'node_modules/react': react,
    'node_modules/vite': vite,
    'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux,
    'node_modules/@rollup/rollup-darwin-arm64': rollupDarwin,
  });
  assert.deepEqual(lockProblems(manifest, lock, installed), []);
});

test('package.json and the lock must name the same dependencies and ranges', () => {
  const lock = lockOf({ 'node_modules/react': react, 'node_modules/vite': vite, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux });
  const added = { ...manifest, dependencies: { ...manifest.dependencies, dayjs: '^1.11.0' } };
  assert.deepEqual(lockProblems(added, lock, installed), ['package.json dependencies has dayjs@^1.11.0, the lock does not']);
  const bumped = { ...manifest, devDependencies: { vite: '^8.0.0' } };
  assert.deepEqual(lockProblems(bumped, lock, installed), ['package.json devDependencies wants vite@^8.0.0, the lock has ^7.0.0']);
  const removed = { ...manifest, devDependencies: {} };
  assert.deepEqual(lockProblems(removed, lock, installed), ["the lock's devDependencies has vite, package.json does not"]);
});

test('the installed tree must be the locked one', () => {
  const older = lockOf({ 'node_modules/react': { ...react, version: '19.0.0' }, 'node_modules/vite': vite, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux });
  assert.deepEqual(lockProblems(manifest, older, installed), ['node_modules/react is 19.1.0 installed, 19.0.0 locked']);
  const tampered = lockOf({ 'node_modules/react': { ...react, integrity: 'sha512-other' }, 'node_modules/vite': vite, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux });
  assert.deepEqual(lockProblems(manifest, tampered, installed), ['node_modules/react@19.1.0 is installed with another integrity than locked']);
  const missing = lockOf({ 'node_modules/react': react, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux });
  assert.deepEqual(lockProblems(manifest, missing, installed), ['node_modules/vite@7.1.0 is installed but not in the lock']);
  const notInstalled = lockOf({ 'node_modules/react': react, 'node_modules/vite': vite, 'node_modules/@rollup/rollup-linux-x64-gnu': rollupLinux, 'node_modules/dayjs': { version: '1.11.0' } });
  assert.deepEqual(lockProblems(manifest, notInstalled, installed), ['node_modules/dayjs@1.11.0 is locked but not installed']);
});

// The case that stopped new users (issue 19): their registry offers more platforms, and
// `npm install` adds optional @unrs/resolver-binding-* entries to the project's lock. The
// check runs as scripts/test runs it, on a copy of webapp with such a lock.
test("the project's lock with extra optional platform entries passes the command-line check", () => {
  const lock = JSON.parse(readFileSync(path.join(WEBAPP, 'package-lock.json'), 'utf8'));
  const binding = Object.keys(lock.packages).find((place) => place.startsWith('node_modules/@unrs/resolver-binding-linux-x64'));
  assert.ok(binding, 'the lock has a Linux @unrs/resolver-binding entry');
  for (const platform of ['sunos-x64', 'aix-ppc64', 'netbsd-arm64']) {
    lock.packages[`node_modules/@unrs/resolver-binding-${platform}`] = {
      ...lock.packages[binding],
      version: lock.packages[binding].version,
      resolved: `https://registry.npmjs.org/@unrs/resolver-binding-${platform}/-/resolver-binding-${platform}-1.0.0.tgz`,
      integrity: `sha512-${platform}`,
      optional: true,
      os: [platform.split('-')[0]],
      cpu: [platform.split('-')[1]],
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'check-lock-'));
  try {
    cpSync(path.join(WEBAPP, 'package.json'), path.join(dir, 'package.json'));
    mkdirSync(path.join(dir, 'node_modules'));
    cpSync(path.join(WEBAPP, 'node_modules', '.package-lock.json'), path.join(dir, 'node_modules', '.package-lock.json'));
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
    execFileSync(process.execPath, [path.join(HERE, 'check-lock.mjs'), dir], { stdio: 'pipe' });

    // And the same check does fail on a lock that disagrees with what is installed.
    lock.packages[binding] = { ...lock.packages[binding], version: '0.0.1' };
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
    assert.throws(
      () => execFileSync(process.execPath, [path.join(HERE, 'check-lock.mjs'), dir], { stdio: 'pipe' }),
      (error) => String(error.stderr).includes(`${binding} is `) && String(error.stderr).includes('0.0.1 locked'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
