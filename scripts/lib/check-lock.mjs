// Judges webapp's lock file by what matters, not by its bytes (issue 19):
//   1. package.json and the lock agree: the lock's root entry names the same dependencies
//      with the same ranges as package.json;
//   2. the installed tree is the locked one: every package in node_modules (npm's hidden lock,
//      node_modules/.package-lock.json) is in the lock at the same place, version and
//      integrity, and every package the lock requires here is installed.
// A lock entry marked optional that is not installed is fine: it is another platform's
// binary (@unrs/resolver-binding-darwin-arm64 on Linux). So a registry that offers more
// platforms than ours, whose `npm install` adds such entries, never fails the check.
//
//   node scripts/lib/check-lock.mjs DIR [LOCK]
// DIR holds package.json and node_modules; LOCK is the lock to judge (default
// DIR/package-lock.json; scripts pass the lock as it was before `npm install` touched it).
// Prints what is wrong, one line each, and exits 1; prints nothing and exits 0 when all agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** The problems found, as sentences; empty when the lock is fine. */
export function lockProblems(manifest, lock, installed) {
  const problems = [];
  const packages = lock.packages ?? {};
  const root = packages[''] ?? {};
  for (const field of DEPENDENCY_FIELDS) {
    const wanted = manifest[field] ?? {};
    const locked = root[field] ?? {};
    for (const [name, range] of Object.entries(wanted)) {
      if (!(name in locked)) problems.push(`package.json ${field} has ${name}@${range}, the lock does not`);
      else if (locked[name] !== range) problems.push(`package.json ${field} wants ${name}@${range}, the lock has ${locked[name]}`);
    }
    for (const name of Object.keys(locked)) {
      if (!(name in wanted)) problems.push(`the lock's ${field} has ${name}, package.json does not`);
    }
  }

  const present = installed.packages ?? {};
  for (const [place, entry] of Object.entries(present)) {
    if (place === '') continue;
    const want = packages[place];
    if (!want) {
      problems.push(`${place}@${entry.version} is installed but not in the lock`);
      continue;
    }
    if (want.version !== entry.version) problems.push(`${place} is ${entry.version} installed, ${want.version} locked`);
    else if (want.integrity && entry.integrity && want.integrity !== entry.integrity) problems.push(`${place}@${entry.version} is installed with another integrity than locked`);
  }
  for (const [place, entry] of Object.entries(packages)) {
    if (place === '' || !place.includes('node_modules/') || entry.link) continue;
    if (!(place in present) && !entry.optional) problems.push(`${place}@${entry.version} is locked but not installed`);
  }
  return problems;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? '.';
  const lockFile = process.argv[3] ?? path.join(dir, 'package-lock.json');
  const problems = lockProblems(
    readJson(path.join(dir, 'package.json')),
    readJson(lockFile),
    readJson(path.join(dir, 'node_modules', '.package-lock.json')),
  );
  for (const problem of problems) console.error(problem);
  process.exit(problems.length === 0 ? 0 : 1);
}
