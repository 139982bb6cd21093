import { afterAll } from 'vitest';
import { dropSpareSchemas } from './test-app';

// The server suites share one module graph per worker (`isolate: false`), so a hook a module
// registers when it is first imported would belong to one file only: this runs for every file.
afterAll(dropSpareSchemas);
