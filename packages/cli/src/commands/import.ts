import type { Command } from 'commander';

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('not available yet')
    .action(() => {
      process.stderr.write('lotwise import is not available yet\n');
      process.exitCode = 2;
    });
}
