import { config } from 'zod';

// In the browser, schemas parse without generated code: the storefront's CSP forbids eval, and zod
// otherwise probes for it (a reported violation) as it builds each object schema. The server keeps
// the faster compiled parsers. Evaluated before any module of this package builds a schema.
if (typeof document !== 'undefined') config({ jitless: true });
