// What pg's lib/stream.js gives on Node, bundled in its place (scripts/build.mjs, the pg-on-node
// plugin): a net.Socket, or a TLS socket over the options' one. pg's own module first asks whether
// it runs in a Cloudflare Worker, by `typeof Response`, and on Node 20 reading that global makes
// Node load its own copy of undici: a tenth of a second of the start of every command that opens
// a Postgres warehouse, for an answer that is always no on Node.
import { createRequire } from 'node:module';
import { Socket } from 'node:net';

const requireBuiltin = createRequire(import.meta.url);

export function getStream() {
  return new Socket();
}

export function getSecureStream(options) {
  // Loaded when a TLS connection is made, as pg loads it.
  return requireBuiltin('node:tls').connect(options);
}
