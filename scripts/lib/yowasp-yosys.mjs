// Runs the Yosys of the npm registry (@yowasp/yosys, WebAssembly) like the
// native binary on one work directory: every file under DIR is handed to
// Yosys in its virtual file system (as DIR's relative paths, with DIR as
// the working directory), and every file Yosys writes comes back into DIR.
// Usage: node yowasp-yosys.mjs MODULE_DIR DIR -- yosys arguments...
// MODULE_DIR holds node_modules/@yowasp/yosys (scripts/setup installs it).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [moduleDir, workDir, sep, ...args] = process.argv.slice(2);
if (!moduleDir || !workDir || sep !== '--') {
  process.stderr.write('usage: node yowasp-yosys.mjs MODULE_DIR DIR -- yosys arguments...\n');
  process.exit(2);
}
const entry = path.join(moduleDir, 'node_modules', '@yowasp', 'yosys', 'gen', 'bundle.js');
const { runYosys } = await import(pathToFileURL(entry).href);

function load(dir) {
  const tree = {};
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    tree[name] = fs.statSync(p).isDirectory() ? load(p) : fs.readFileSync(p);
  }
  return tree;
}
function store(dir, tree) {
  for (const [name, value] of Object.entries(tree)) {
    const p = path.join(dir, name);
    if (value instanceof Uint8Array || typeof value === 'string') fs.writeFileSync(p, value);
    else { fs.mkdirSync(p, { recursive: true }); store(p, value); }
  }
}
const out = (fd) => (bytes) => { if (bytes) fs.writeSync(fd, bytes); };
try {
  const files = await runYosys(args, load(workDir), { stdout: out(1), stderr: out(2) });
  store(workDir, files);
} catch (e) {
  if (e && typeof e.code === 'number') {
    if (e.files) store(workDir, e.files);
    process.exit(e.code || 1);
  }
  throw e;
}
