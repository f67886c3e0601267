/** The public face of commerce/agents: what other modules may import from it (the rest is its own). */
export { findAgentByCode } from './accounts-repository.js';
export { setCompanyAgent } from './info-repository.js';
export { insertEvent, insertRequest } from './requests-repository.js';
export { creditAgentReward, reverseAgentReward } from './rewards.js';
