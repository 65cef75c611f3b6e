/**
 * Imported first by every entry point of the local runtime (`npm start`, `npm run dev`, the local
 * server the tests start, the benchmarks): it says "local" (issue 26 point 1). Whatever does not
 * import it is production, and fails closed (src/domain/runtime/environment.ts).
 */
import { LOCAL_RUNTIME_VALUE, LOCAL_RUNTIME_VARIABLE } from '../src/domain/runtime/environment.ts';

process.env[LOCAL_RUNTIME_VARIABLE] = LOCAL_RUNTIME_VALUE;
