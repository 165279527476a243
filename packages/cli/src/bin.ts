/** The `mocksmith` command's entry: the command line run, its exit code the process's. */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
