import { defineRoleSweep } from '../support/page-sweep.js';

// Every page as manager, in ru and en: axe-core and the layout checks of support/page-sweep.ts.
defineRoleSweep('manager');
