/**
 * The listening socket of `serve`, bound before anything else starts: a port in use or an address
 * that cannot be bound ends the command at once with exit 2 (ConfigError), before the warehouse is
 * opened or the engine started. Connections that arrive before the server takes them wait here,
 * unread, and are handed over in order.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { listenFailure } from '../../errors.ts';

/** A bound TCP listener whose connections go to one handler once it is set. */
export class WireListener {
  readonly #server: Server;
  #pending: Socket[] = [];
  #handler: ((socket: Socket) => void) | undefined;

  private constructor() {
    this.#server = createServer({ pauseOnConnect: true }, (socket) => {
      if (this.#handler === undefined) this.#pending.push(socket);
      else this.#handler(socket);
    });
    // A failing accept() (too many open files) must not end the process; the client retries.
    this.#server.on('error', () => undefined);
  }

  /** Binds `host:port` (0: any free port); throws a ConfigError naming the address when it cannot. */
  static async listen(host: string, port: number): Promise<WireListener> {
    const listener = new WireListener();
    try {
      await new Promise<void>((resolve, reject) => {
        listener.#server.once('error', reject);
        listener.#server.listen(port, host, () => {
          listener.#server.off('error', reject);
          resolve();
        });
      });
    } catch (cause) {
      throw listenFailure(cause, 'serve', host, port);
    }
    return listener;
  }

  /** The port bound (the one chosen when asked for 0). */
  get port(): number {
    return (this.#server.address() as { port: number }).port;
  }

  /** Hands every connection to `handler`, those that waited first; each arrives paused. */
  accept(handler: (socket: Socket) => void): void {
    this.#handler = handler;
    for (const socket of this.#pending.splice(0)) handler(socket);
  }

  /** Stops listening and drops the connections not handed over; within 300 ms. */
  async close(): Promise<void> {
    for (const socket of this.#pending.splice(0)) socket.destroy();
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 300).unref())]);
  }
}
