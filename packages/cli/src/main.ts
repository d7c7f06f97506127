import { Command } from 'commander';

/**
 * Each command's module is loaded only when that command runs (all of them for help or an
 * unknown name): `report` and `prices` pull in the PDF library and the server's database code,
 * half a second of start-up that `calc` and `import` do not need.
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  import: async () => (await import('./commands/import.ts')).registerImport,
  calc: async () => (await import('./commands/calc.ts')).registerCalc,
  report: async () => (await import('./commands/report.ts')).registerReport,
  prices: async () => (await import('./commands/prices.ts')).registerPrices,
};

const program = new Command();
program.name('lotwise').description('Lotwise offline tools: import, calculate and report on files');
const named = process.argv[2];
const wanted = named !== undefined && named in COMMANDS ? [named] : Object.keys(COMMANDS);
for (const name of wanted) (await COMMANDS[name]!())(program);

await program.parseAsync(process.argv);
