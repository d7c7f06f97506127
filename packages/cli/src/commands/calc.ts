import type { Command } from 'commander';

export function registerCalc(program: Command): void {
  program
    .command('calc')
    .description('not available yet')
    .action(() => {
      process.stderr.write('lotwise calc is not available yet\n');
      process.exitCode = 2;
    });
}
