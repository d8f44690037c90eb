// Calls back on every change under some folders. Node 20's recursive fs.watch on Linux stops seeing a
// file once an editor replaces it (writes a temporary file and renames it over the old one); a watch
// on each folder sees every later change too.
import { existsSync, readdirSync, watch } from "node:fs";
import { join } from "node:path";

export function watchFolders(roots, onChange) {
  const watched = new Map();
  const forget = (dir) => {
    watched.get(dir)?.close();
    watched.delete(dir);
  };
  const add = (dir) => {
    if (watched.has(dir)) return;
    const watcher = watch(dir, (event) => {
      // A file or folder came or went: drop folders that are gone, watch new ones.
      if (event === "rename") {
        for (const known of [...watched.keys()]) if (!existsSync(known)) forget(known);
        scan(dir);
      }
      onChange();
    });
    watcher.on("error", () => forget(dir));
    watched.set(dir, watcher);
  };
  const scan = (root) => {
    if (!existsSync(root)) return;
    add(root);
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isDirectory()) add(join(entry.parentPath, entry.name));
    }
  };
  for (const root of roots) scan(root);
}
