// Puts files into a local R2 bucket, where wrangler's --local commands keep it.
import { Miniflare } from "miniflare";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DEFAULT_STATE_DIR, ROOT } from "./wrangler.mjs";

/**
 * The same layout `wrangler r2 object put --local [--persist-to dir]` writes (a Miniflare with the
 * bucket on <dir>/v3), but one workerd for every object instead of one wrangler process (≈2.5 s) each.
 */
export async function putObjects(bucketName, objects, persistTo) {
  const stateDir = persistTo ? resolve(ROOT, persistTo) : DEFAULT_STATE_DIR;
  const miniflare = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null, { status: 404 }) };",
    port: 0,
    cf: false,
    defaultPersistRoot: join(stateDir, "v3"),
    r2Buckets: { BUCKET: bucketName },
  });
  try {
    const bucket = await miniflare.getR2Bucket("BUCKET");
    for (const { key, file, contentType } of objects) {
      // A plain Uint8Array: Miniflare's proxy cannot pass a Node Buffer through.
      await bucket.put(key, new Uint8Array(await readFile(file)), { httpMetadata: { contentType } });
    }
  } finally {
    await miniflare.dispose();
  }
}
