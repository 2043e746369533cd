/**
 * A test hook, loaded with `NODE_OPTIONS=--import=<this file>`: the process's clock reads
 * UPTRENDS_TEST_NOW (an ISO instant) at start-up and runs on from there, so a spawned CLI lives on
 * the day the documented examples were written for (they name dates such as October 2025). Only
 * the wall clock moves: timers and performance.now() keep real time. Unset, it changes nothing.
 */
const pinned = process.env.UPTRENDS_TEST_NOW;
if (pinned !== undefined && pinned !== '') {
  const RealDate = Date;
  const start = RealDate.parse(pinned);
  if (Number.isNaN(start)) throw new Error(`UPTRENDS_TEST_NOW is not an instant: ${pinned}`);
  const offset = start - RealDate.now();
  const now = () => RealDate.now() + offset;
  class PinnedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
  }
  globalThis.Date = PinnedDate;
}
