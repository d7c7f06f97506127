import { firstImportPart } from './first-import-helpers.ts';

// Every sample export, dropped by a newcomer on the home page, imports (part 2 of 3).
firstImportPart(2);
