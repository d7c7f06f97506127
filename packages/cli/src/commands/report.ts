import type { Command } from 'commander';

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('not available yet')
    .action(() => {
      process.stderr.write('lotwise report is not available yet\n');
      process.exitCode = 2;
    });
}
