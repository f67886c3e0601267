/** The public face of platform/audit: what other modules may import from it (the rest is its own). */
export { auditActor } from './actor.js';
export { insertAudit, purgeOldAudit } from './repository.js';
