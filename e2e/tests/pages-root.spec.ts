import { defineRoleSweep } from '../support/page-sweep.js';

// Every page as root, in its languages (SWEEP_LANGS): axe-core and the layout checks of support/page-sweep.ts.
defineRoleSweep('root');
