// Worker threads in Node 20 do not apply --import loaders to their entry module, so the
// worker registers tsx itself before loading the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./report-worker.ts');
