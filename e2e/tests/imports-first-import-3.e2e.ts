import { firstImportPart } from './first-import-helpers.ts';

// Every sample export, dropped by a newcomer on the home page, imports (part 3 of 3).
firstImportPart(3);
