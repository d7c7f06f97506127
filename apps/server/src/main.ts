import { loadConfig } from './config.ts';
import { createServer } from './server.ts';

// A configuration mistake is the operator's to fix: one line saying what, not a stack trace.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const server = await createServer(config);
const dialect =
  server.ctx.db.dialect === 'sqlite'
    ? `SQLite (${config.databaseUrl.replace(/^sqlite:/, '')})`
    : 'PostgreSQL';
await server.app.listen({ port: config.port, host: config.host });
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
process.stdout.write(`\nLotwise is running at ${url}  (database: ${dialect})\n`);
if (!config.webDist)
  process.stdout.write('The web app is not built: run `npm run build` first, or `npm run dev`.\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
