import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(js|css|html|svg|json|map|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, once, at build
 * time: the server sends them to browsers that accept them (@fastify/static `preCompressed`,
 * server http/web-app.ts). Sent as is, the sign-in page's files were some 900 kB on the wire,
 * 5 s on Slow 4G before the first paint (bench/vitals.ts, issue 26 §3).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "parlance:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!TEXT.test(name) || name.endsWith(".map")) continue;
        const file = path.join(outDir, name);
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue; // a request's headers outweigh what compressing saves
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
