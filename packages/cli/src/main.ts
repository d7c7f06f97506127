import { Command } from 'commander';
import { registerCalc } from './commands/calc.ts';
import { registerImport } from './commands/import.ts';
import { registerPrices } from './commands/prices.ts';
import { registerReport } from './commands/report.ts';

const program = new Command();
program.name('lotwise').description('Lotwise offline tools: import, calculate and report on files');
registerImport(program);
registerCalc(program);
registerReport(program);
registerPrices(program);

await program.parseAsync(process.argv);
