/**
 * Undo actions (kill a child, drop a database, remove a directory) collected while a scenario runs
 * and executed in reverse order when it ends, whether it passed, threw or was interrupted: a bench
 * run must never leave a simulator process or a scratch database behind.
 */

/** One undo action; it should not throw, but a throw is caught and reported. */
export type Undo = () => Promise<void> | void;

/** A LIFO list of undo actions. */
export class CleanupStack {
  readonly #actions: { label: string; undo: Undo }[] = [];

  /** Registers `undo`; it runs before everything registered earlier. */
  add(label: string, undo: Undo): void {
    this.#actions.push({ label, undo });
  }

  /** Runs every action once, newest first; failures are printed, never thrown. */
  async runAll(): Promise<void> {
    while (this.#actions.length > 0) {
      const { label, undo } = this.#actions.pop()!;
      try {
        await undo();
      } catch (error) {
        process.stderr.write(`bench: cleanup of ${label} failed: ${(error as Error).message}\n`);
      }
    }
  }

  /**
   * On SIGINT/SIGTERM, cleans up and exits with 130, so an interrupted bench still kills its
   * children and drops its databases.
   */
  installSignalHandlers(): void {
    const stop = (): void => {
      process.stderr.write('\nbench: interrupted, cleaning up\n');
      void this.runAll().finally(() => process.exit(130));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
}
