import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may; the server's Content-Security-
 * Policy allows no eval (script-src 'self'), and even zod's probe for it is reported as a
 * violation. Parsing without compiled code is the same parsing. Imported first by main.tsx.
 */
z.config({ jitless: true });
