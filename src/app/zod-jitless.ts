import { z } from 'zod';

/**
 * zod 4 probes for eval (`new Function('')`) before its first object parse, to compile fast
 * parsers. The renderer's CSP forbids eval, so the probe would raise a CSP violation report on
 * every start: tell zod up front to parse without compiling.
 *
 * Imported first by main.tsx, before any module can parse.
 */
z.config({ jitless: true });
