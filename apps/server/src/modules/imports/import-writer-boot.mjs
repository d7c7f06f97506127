// Worker threads in Node 20 do not apply --import loaders to their entry module, so the
// worker registers tsx itself before loading the TypeScript entry (as the tax worker does).
import { register } from 'tsx/esm/api';

register();
await import('./import-writer.ts');
