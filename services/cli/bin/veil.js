#!/usr/bin/env node
// The sources are TypeScript run through tsx, so `npx veil` needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
