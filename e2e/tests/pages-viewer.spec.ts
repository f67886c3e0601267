import { defineRoleSweep } from '../support/page-sweep.js';

// Every page as viewer, in ru and en: axe-core and the layout checks of support/page-sweep.ts.
defineRoleSweep('viewer');
