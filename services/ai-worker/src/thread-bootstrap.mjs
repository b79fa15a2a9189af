// A decision thread's entry: the sources are TypeScript run through tsx, and a worker thread
// does not inherit the loader the main thread registered (services/cli/bin/veil.js).
import { register } from 'tsx/esm/api';

register();
await import('./decision-thread.ts');
