/**
 * Types of the two parts of undici the HTTP client loads (api-client.ts): its Agent and its
 * `request`, required file by file. undici's own index loads every part it has (fetch, WebSocket,
 * cookies, mocks, caches), and its cookies part touches `globalThis.Headers`, which makes Node load
 * its own second copy of undici as well: about a tenth of a second of every sync's start
 * (docs/performance.md, "Start-up"). undici ships types for its index only; these name the same
 * types.
 */
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** undici's `Dispatcher.prototype.request`, called with the dispatcher as `this`. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
