import { Command } from 'commander';
import { guardOutput, isOutputError, outputFailed } from './output-errors.ts';

export type CommandLoader = () => Promise<(program: Command) => void>;

/**
 * The offline commands: files in, files out. Each command's module is loaded only when that
 * command runs (all of them for help or an unknown name): `report` pulls in the PDF library,
 * time that `calc` and `import` do not need.
 */
export const OFFLINE_COMMANDS: Record<string, CommandLoader> = {
  import: async () => (await import('./commands/import.ts')).registerImport,
  calc: async () => (await import('./commands/calc.ts')).registerCalc,
  report: async () => (await import('./commands/report.ts')).registerReport,
};

/** Runs `lotwise` with the given commands (the executable adds `prices`, which needs the server's database). */
export async function runLotwise(argv: string[], commands: Record<string, CommandLoader>): Promise<void> {
  const program = new Command();
  program.name('lotwise').description('Lotwise offline tools: import, calculate and report on files');
  const named = argv[2];
  const wanted = named !== undefined && named in commands ? [named] : Object.keys(commands);
  for (const name of wanted) (await commands[name]!())(program);
  guardOutput();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (!isOutputError(error)) throw error;
    outputFailed(error);
    process.exitCode = 1;
  }
}
