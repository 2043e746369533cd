/**
 * The shape of `uptrends-etl.yaml`, as zod schemas: one optional section per concern. A section is
 * added by writing its schema (in its own file when it is more than a few lines) and one line in
 * `SECTIONS`; the loader, the error positions and the tests work for every section alike.
 *
 * Every object is strict: an unknown key is an error (a typo such as `shedule:` must not silently
 * fall back to a default), and an unknown key that looks like an inline secret gets a message
 * saying what to write instead. Keys are snake_case; keys naming an environment variable end in
 * `_env` (src/config-file/env-reference.ts).
 */
import { z } from 'zod';
import { accountsSection, DEFAULT_ACCOUNT } from './accounts-section.ts';
import { mailSection } from './mail-section.ts';
import { subscriptionsSection } from './subscriptions-section.ts';

/** The file format version this code reads. */
export const CONFIG_FILE_VERSION = 1;

/** Every section of the file. Add a section here (and document it in the README). */
export const SECTIONS = {
  accounts: accountsSection.optional(),
  mail: mailSection.optional(),
  subscriptions: subscriptionsSection.optional(),
};

/** The whole file. An empty file is valid and means "every default". */
export const configFileSchema = z
  .strictObject({
    /** Format version; only 1 exists. (Default: 1) */
    version: z.literal(CONFIG_FILE_VERSION, { error: `version must be ${CONFIG_FILE_VERSION}` }).optional(),
    ...SECTIONS,
  })
  .superRefine((file, ctx) => {
    // A subscription's accounts must be accounts of the file (or `default` without the section).
    const known = file.accounts?.map((a) => a.name) ?? [DEFAULT_ACCOUNT];
    file.subscriptions?.forEach((s, index) => {
      s.accounts?.forEach((wanted, i) => {
        if (known.some((k) => k.toLowerCase() === wanted.toLowerCase())) return;
        ctx.addIssue({
          code: 'custom',
          message: `there is no account "${wanted}" in the accounts: section (there are: ${known.join(', ')})`,
          path: ['subscriptions', index, 'accounts', i],
        });
      });
    });
  });

/** The validated contents of the file. */
export type ConfigFileContents = z.infer<typeof configFileSchema>;
