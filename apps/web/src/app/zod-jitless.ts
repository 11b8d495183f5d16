import { config } from 'zod';

// The page's Content-Security-Policy allows no eval (the edge's security-headers.ts): zod's
// compiled parsers could not run, and its probe for them (a caught `Function('')`) would still
// be reported as a violation on every page. Imported first by start.tsx, before any parse.
config({ jitless: true });
