#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npm ci` is the only set-up step
// and no stale build can ever be executed. See README "Why these dependencies".
import { register } from 'tsx/esm/api';

register();
await import('../src/bin.ts');
