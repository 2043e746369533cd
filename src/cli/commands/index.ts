/** The command registry: adding a command means adding one file and one line here. */
import type { CommandModule } from '../command-module.ts';
import { checkCommand } from './check.ts';
import { demoCommand } from './demo.ts';
import { migrateCommand } from './migrate.ts';
import { nightlyCommand } from './nightly.ts';
import { queryCommand } from './query.ts';
import { reportCommand } from './report.ts';
import { simulateCommand } from './simulate.ts';
import { statusCommand } from './status.ts';
import { syncCommand } from './sync.ts';

export const COMMANDS: readonly CommandModule[] = [
  demoCommand,
  migrateCommand,
  checkCommand,
  syncCommand,
  nightlyCommand,
  reportCommand,
  statusCommand,
  queryCommand,
  simulateCommand,
];
