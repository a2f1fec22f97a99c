// Editing the build's changes to FerretDB (README.md, "Changing FerretDB"):
//   node tools/ferretdb/dev.mjs checkout <dir>  a git repository of FerretDB v1.24.2 with one commit
//                                               per patch (name and header as its message) and the
//                                               overlay's files linked in (ignored by git there)
//   node tools/ferretdb/dev.mjs export <dir>    writes patches/ back from that repository's commits
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  copyModule,
  ferretVersion,
  overlayDir,
  overlayFiles,
  patchDir,
  patchNames,
} from './sources.mjs';

function run(cwd, command, args) {
  const res = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(path.resolve(cwd)) },
  });
  if (res.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${res.stderr || res.stdout}`);
  return res.stdout;
}

const git = (dir, ...args) =>
  run(dir, 'git', ['-c', 'user.name=dev', '-c', 'user.email=dev@localhost', ...args]);

function checkout(dir) {
  if (existsSync(dir)) throw new Error(`${dir} exists; give a new folder.`);
  copyModule(dir);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', `FerretDB ${ferretVersion}`);
  for (const patch of patchNames()) {
    const text = readFileSync(path.join(patchDir, patch), 'utf8');
    const header = text
      .slice(0, text.indexOf('\ndiff --git'))
      .split('\n')
      .map((line) => line.replace(/^# ?/, ''))
      .join('\n')
      .trim();
    git(dir, 'apply', path.join(patchDir, patch));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', `${patch.replace(/\.patch$/, '')}\n\n${header}`);
  }
  const exclude = [];
  for (const entry of overlayFiles()) {
    mkdirSync(path.dirname(path.join(dir, entry)), { recursive: true });
    symlinkSync(path.join(overlayDir, entry), path.join(dir, entry));
    exclude.push(`/${entry}`);
  }
  writeFileSync(path.join(dir, '.git/info/exclude'), `${exclude.join('\n')}\n`);
  console.log(`${dir}: one commit per patch; the overlay's files are links to ${overlayDir}.`);
}

function exportPatches(dir) {
  const base = git(dir, 'rev-list', '--max-parents=0', 'HEAD').trim();
  const commits = git(dir, 'rev-list', '--reverse', `${base}..HEAD`)
    .trim()
    .split('\n')
    .filter(Boolean);
  for (const patch of patchNames()) rmSync(path.join(patchDir, patch));
  for (const commit of commits) {
    const [name, ...body] = git(dir, 'log', '-1', '--format=%B', commit).trim().split('\n');
    if (!/^\d{4}-[a-z0-9-]+$/.test(name ?? ''))
      throw new Error(
        `Commit ${commit}'s subject "${name}" is not a patch name (NNNN-short-name).`,
      );
    const header = body
      .join('\n')
      .trim()
      .split('\n')
      .map((line) => (line ? `# ${line}` : '#'))
      .join('\n');
    const diff = git(dir, 'diff', '--no-color', `${commit}~1`, commit);
    writeFileSync(path.join(patchDir, `${name}.patch`), `${header}\n\n${diff}`);
    console.log(`patches/${name}.patch`);
  }
}

const [command, dir] = process.argv.slice(2);
if (command === 'checkout' && dir) checkout(path.resolve(dir));
else if (command === 'export' && dir) exportPatches(path.resolve(dir));
else {
  console.error('usage: node tools/ferretdb/dev.mjs checkout|export <dir>');
  process.exit(2);
}
